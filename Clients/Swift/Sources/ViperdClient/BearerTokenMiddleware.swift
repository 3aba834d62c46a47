import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Sends `Authorization: Bearer <token>` on every request while a token is set; registration
/// and login ignore it, so one client serves the whole session.
public struct BearerTokenMiddleware: ClientMiddleware {
    /// Where the current token lives; the app sets it after login and clears it after logout.
    public let tokens: TokenStore

    public init(tokens: TokenStore) {
        self.tokens = tokens
    }

    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if request.headerFields[.authorization] == nil, let token = tokens.token {
            request.headerFields[.authorization] = "Bearer \(token)"
        }
        return try await next(request, body, baseURL)
    }
}
