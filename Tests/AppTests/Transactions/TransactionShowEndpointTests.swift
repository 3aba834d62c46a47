import Foundation
import TestSupport
import Testing

/// `GET /v1/transactions/{id}`, end to end.
@Suite("GET /v1/transactions/{id}, end to end")
struct TransactionShowEndpointTests {
    /// Written by the scaffold: it holds while the scene is a placeholder, and fails the moment its
    /// UseCase is written. Replace it then with tests of what the scene does.
    @Test("the scaffolded scene is routed and answers 501 not_implemented as a problem document")
    func placeholder() throws {
        let app = try TestApplication()
        let response = try app.request("GET", "/v1/transactions/x_1")
        #expect(response.status == 501, "\(response.text)")
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect(TestApplication.object(response)["code"] as? String == "not_implemented")
    }

    @Test("a path parameter that is no id is 400 invalid_id, before the UseCase")
    func malformedID() throws {
        let app = try TestApplication()
        let response = try app.request("GET", "/v1/transactions/not%20an%20id")
        #expect(response.status == 400, "\(response.text)")
        let errors = TestApplication.object(response)["errors"] as? [[String: Any]]
        #expect(errors?.first?["code"] as? String == "invalid_id")
    }
}
