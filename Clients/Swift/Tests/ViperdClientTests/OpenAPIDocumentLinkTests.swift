import Foundation
import Testing

@Suite("The client's OpenAPI document")
struct OpenAPIDocumentLinkTests {
    @Test("is the server's own document, linked rather than copied, so the two cannot drift")
    func isTheServersDocument() throws {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let client = package.appendingPathComponent("Sources/ViperdClient/openapi.json")
        let server = package.appendingPathComponent("../../Sources/Web/OpenAPI/openapi.json").standardizedFileURL
        let destination = try FileManager.default.destinationOfSymbolicLink(atPath: client.path)
        #expect(destination == "../../../../Sources/Web/OpenAPI/openapi.json")
        #expect(try Data(contentsOf: client) == Data(contentsOf: server))
    }
}
