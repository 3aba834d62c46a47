import Foundation
import HTTPServer
import Testing
@testable import Web

/// The server's own refusals look like every other API error: RFC 9457 problem documents.
@Suite("server error responder")
struct ServerErrorResponderTests {
    @Test("every refusal becomes problem+json with its status, a stable code and the request id", arguments: HTTPParseError.Reason.allCases)
    func problemShape(reason: HTTPParseError.Reason) throws {
        let response = ServerErrorResponder.respond(HTTPParseError(reason), "req-1")
        #expect(response.status == HTTPParseError(reason).status)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(json["status"] as? Int == response.status.code)
        #expect(json["requestId"] as? String == "req-1")
        let code = try #require(json["code"] as? String)
        #expect(code.allSatisfy { $0.isLowercase || $0 == "_" })
        #expect((json["title"] as? String)?.isEmpty == false)
        #expect((json["type"] as? String)?.hasPrefix("https://") == true)
    }

    @Test("a 413 says body_too_large")
    func bodyTooLarge() throws {
        let response = ServerErrorResponder.respond(HTTPParseError(.bodyTooLarge), "r")
        #expect(String(decoding: response.body, as: UTF8.self).contains(#""code":"body_too_large""#))
    }
}
