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

    /// A server whose only valid access token is `new`, and whose refresh answers `new` for `r1`.
    final class RefreshingServer: @unchecked Sendable {
        private let lock = NSLock()
        private var log: [String] = []
        let refreshes: Bool

        init(refreshes: Bool) { self.refreshes = refreshes }

        var calls: [String] { lock.withLock { log } }

        var next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?) {
            { request, body, _ in
                let path = request.path ?? ""
                if path == "/v1/sessions/refresh" {
                    let sent = try await String(collecting: body ?? HTTPBody(), upTo: 1024)
                    self.lock.withLock { self.log.append("refresh \(sent)") }
                    guard self.refreshes else { return (HTTPResponse(status: .unauthorized), nil) }
                    return (HTTPResponse(status: .ok), HTTPBody(#"{"token":"new","expiresAt":"2026-11-22T10:20:30Z","refreshToken":"r2","refreshExpiresAt":"2026-11-22T10:30:30Z"}"#))
                }
                let authorization = request.headerFields[.authorization] ?? ""
                self.lock.withLock { self.log.append("\(path) \(authorization)") }
                return (HTTPResponse(status: authorization == "Bearer new" ? .ok : .unauthorized), nil)
            }
        }
    }

    func me(_ middleware: BearerTokenMiddleware, _ next: @escaping @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)) async throws -> HTTPResponse.Status {
        try await middleware.intercept(
            HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/v1/me"), body: nil,
            baseURL: URL(string: "http://127.0.0.1")!, operationID: "showMe", next: next).0.status
    }

    @Test("a 401 to the stored access token is refreshed once and the request sent again with the new token")
    func refreshesOnce() async throws {
        let tokens = TokenStore(token: "old", refreshToken: "r1")
        let server = RefreshingServer(refreshes: true)
        #expect(try await me(BearerTokenMiddleware(tokens: tokens), server.next) == .ok)
        #expect(server.calls == ["/v1/me Bearer old", #"refresh {"refreshToken":"r1"}"#, "/v1/me Bearer new"])
        #expect(tokens.token == "new" && tokens.refreshToken == "r2")
    }

    @Test("a refused refresh clears the tokens and the app sees the first 401")
    func refusedRefresh() async throws {
        let tokens = TokenStore(token: "old", refreshToken: "r1")
        let server = RefreshingServer(refreshes: false)
        #expect(try await me(BearerTokenMiddleware(tokens: tokens), server.next) == .unauthorized)
        #expect(server.calls.count == 2)
        #expect(tokens.token == nil && tokens.refreshToken == nil)
    }

    @Test("requests refused together share one refresh")
    func oneRefreshForMany() async throws {
        let tokens = TokenStore(token: "old", refreshToken: "r1")
        let server = RefreshingServer(refreshes: true)
        let middleware = BearerTokenMiddleware(tokens: tokens)
        let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
            for _ in 0..<5 { group.addTask { try await me(middleware, server.next) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.allSatisfy { $0 == .ok })
        #expect(server.calls.filter { $0.hasPrefix("refresh") }.count == 1)
    }
}
