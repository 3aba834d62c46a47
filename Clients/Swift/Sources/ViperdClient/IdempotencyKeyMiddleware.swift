import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Gives every unsafe POST an `Idempotency-Key` (a new UUID per logical call, unless the caller
/// set one) and retries a call whose answer was lost with that same key, so the server replays
/// the first answer instead of acting twice.
///
/// Retried: a transport error (the request may have reached the server), 503 (storage busy or
/// shutting down) and 409 `idempotency_in_flight`, each after its `Retry-After` (at most
/// `maximumDelay`). A request without a key is never retried: it is not safe to.
public struct IdempotencyKeyMiddleware: ClientMiddleware {
    /// Attempts per logical call, the first included.
    public var maximumAttempts: Int
    /// The longest wait between two attempts, whatever `Retry-After` says.
    public var maximumDelay: Duration
    /// Makes the key of a new logical call.
    public var makeKey: @Sendable () -> String

    public init(
        maximumAttempts: Int = 3, maximumDelay: Duration = .seconds(2),
        makeKey: @escaping @Sendable () -> String = { UUID().uuidString }
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.maximumDelay = maximumDelay
        self.makeKey = makeKey
    }

    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard request.method == .post else { return try await next(request, body, baseURL) }
        var request = request
        if request.headerFields[.idempotencyKey] == nil {
            request.headerFields[.idempotencyKey] = makeKey()
        }
        // A body that can be read only once cannot be sent again.
        let attempts = (body?.iterationBehavior ?? .multiple) == .multiple ? maximumAttempts : 1
        var attempt = 1
        while true {
            let response: HTTPResponse
            let responseBody: HTTPBody?
            do {
                (response, responseBody) = try await next(request, body, baseURL)
            } catch let error where attempt < attempts && !(error is CancellationError) {
                attempt += 1
                try await Task.sleep(for: min(.milliseconds(100 * attempt), maximumDelay))
                continue
            }
            guard attempt < attempts, let delay = retryDelay(response) else { return (response, responseBody) }
            attempt += 1
            try await Task.sleep(for: delay)
        }
    }

    /// How long to wait before retrying this answer, or nil when it is final.
    private func retryDelay(_ response: HTTPResponse) -> Duration? {
        // A 409 is retried only when it says it will clear (`idempotency_in_flight` carries
        // Retry-After); `idempotency_key_reused` and `invalid_transition` do not.
        guard response.status == .serviceUnavailable || response.status == .conflict,
            let value = response.headerFields[.retryAfter], let seconds = Int(value), seconds >= 0
        else { return nil }
        return min(.seconds(seconds), maximumDelay)
    }
}

extension HTTPField.Name {
    /// `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header).
    public static let idempotencyKey = Self("Idempotency-Key")!
}
