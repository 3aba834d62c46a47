import Foundation
import HTTPTypes
import OpenAPIRuntime
import OpenAPIURLSession

/// Sends `Authorization: Bearer <token>` on every request while a token is set; registration,
/// login and refresh ignore it, so one client serves the whole session.
///
/// Refreshes without the app noticing: when a request sent with the stored access token is
/// answered 401 and a refresh token is stored, it calls `POST /v1/sessions/refresh` once, stores
/// the new pair and sends the request again with the new token. Concurrent 401s share one
/// refresh (`SessionRefresher`): the server ends a session whose refresh token is presented
/// twice. When the refresh is refused the tokens are cleared and the app sees the first 401.
public struct BearerTokenMiddleware: ClientMiddleware {
    /// Where the current tokens live; the app sets them after login and clears them after logout.
    public let tokens: TokenStore
    private let refresher = SessionRefresher()

    /// Operations whose answer a refresh cannot change: they send no token that counts.
    private static let unauthenticated: Set<String> = ["login", "refreshSession", "registerUser"]
    /// Bodies are kept to send a second time; a larger upload is sent once, unrefreshed.
    private static let maximumReplayedBody = 1 << 20

    public init(tokens: TokenStore) {
        self.tokens = tokens
    }

    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        guard request.headerFields[.authorization] == nil, let sent = tokens.token else { return try await next(request, body, baseURL) }
        request.headerFields[.authorization] = "Bearer \(sent)"
        var body = body
        if let single = body, single.iterationBehavior == .single {
            body = HTTPBody(try await Data(collecting: single, upTo: Self.maximumReplayedBody))
        }
        let (response, responseBody) = try await next(request, body, baseURL)
        guard response.status == .unauthorized, !Self.unauthenticated.contains(operationID), tokens.refreshToken != nil,
            let fresh = try await refresher.refresh(replacing: sent, in: tokens, baseURL: baseURL, next: next)
        else { return (response, responseBody) }
        request.headerFields[.authorization] = "Bearer \(fresh)"
        return try await next(request, body, baseURL)
    }

    /// The access token to send after `rejected` was refused outside the generated client (the
    /// live-event stream), refreshed through the same one-at-a-time refresher as the client's
    /// requests, so the two never present one refresh token twice; nil when the session is over.
    func token(replacing rejected: String?, baseURL: URL) async throws -> String? {
        guard let rejected else { return nil }
        let transport = URLSessionTransport()
        return try await refresher.refresh(replacing: rejected, in: tokens, baseURL: baseURL) { request, body, url in
            try await transport.send(request, body: body, baseURL: url, operationID: "refreshSession")
        }
    }
}

/// One refresh at a time per client: a request refused with a token another request has already
/// replaced uses the replacement instead of refreshing again.
///
/// An actor alone does not make that so: it is reentrant, and a second refused request would
/// enter while the first awaits the refresh's answer, see the old token still stored, and
/// present the same refresh token again. So a refresh in flight is a flag the others wait on.
actor SessionRefresher {
    private struct Answer: Decodable {
        let token: String
        let refreshToken: String
    }

    private var refreshing = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// The access token to retry with, or nil when the session is over (tokens cleared).
    func refresh(
        replacing rejected: String, in tokens: TokenStore, baseURL: URL,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> String? {
        while refreshing { await withCheckedContinuation { waiting.append($0) } }
        if let current = tokens.token, current != rejected { return current }
        guard let refreshToken = tokens.refreshToken else { return nil }
        refreshing = true
        defer {
            refreshing = false
            let woken = waiting
            waiting = []
            for waiter in woken { waiter.resume() }
        }
        var request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/v1/sessions/refresh")
        request.headerFields[.contentType] = "application/json"
        let payload = try JSONEncoder().encode(["refreshToken": refreshToken])
        let (response, body) = try await next(request, HTTPBody(payload), baseURL)
        guard response.status == .ok, let body else {
            tokens.set(token: nil, refreshToken: nil)
            return nil
        }
        let answer = try JSONDecoder().decode(Answer.self, from: try await Data(collecting: body, upTo: 64 * 1024))
        tokens.set(token: answer.token, refreshToken: answer.refreshToken)
        return answer.token
    }
}
