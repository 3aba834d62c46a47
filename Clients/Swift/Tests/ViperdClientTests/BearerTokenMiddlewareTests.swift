import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing
import ViperdClient

@Suite("BearerTokenMiddleware")
struct BearerTokenMiddlewareTests {
    @Test("sends the current token as a bearer Authorization, and none once signed out")
    func sendsTheCurrentToken() async throws {
        let tokens = TokenStore(token: "abc")
        let middleware = BearerTokenMiddleware(tokens: tokens)
        let recorder = RecordingTransport()
        _ = try await middleware.intercept(
            HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/v1/me"), body: nil,
            baseURL: URL(string: "http://127.0.0.1")!, operationID: "showMe", next: recorder.next)
        tokens.token = nil
        _ = try await middleware.intercept(
            HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/v1/me"), body: nil,
            baseURL: URL(string: "http://127.0.0.1")!, operationID: "showMe", next: recorder.next)
        #expect(recorder.requests.map { $0.headerFields[.authorization] } == ["Bearer abc", nil])
    }
}
