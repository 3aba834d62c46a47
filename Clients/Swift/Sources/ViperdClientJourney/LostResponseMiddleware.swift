import Foundation
import HTTPTypes
import OpenAPIRuntime
import ViperdClient

/// Simulates a flaky mobile network: once armed for an operation, it lets the next request of
/// that operation reach the server and then drops the answer, as a connection lost on the way
/// back would. Sits after `IdempotencyKeyMiddleware`, so the retry it provokes is observable.
final class LostResponseMiddleware: ClientMiddleware, @unchecked Sendable {
    private let lock = NSLock()
    private var watched: String?
    private var dropNext = false
    private var keys: [String] = []

    /// Drops the answer to the next request of `operationID`, and records the
    /// `Idempotency-Key` of every attempt of it from now on.
    func arm(for operationID: String) {
        lock.withLock {
            watched = operationID
            dropNext = true
            keys = []
        }
    }

    /// The `Idempotency-Key` of each attempt of the armed operation, in order.
    var idempotencyKeys: [String] { lock.withLock { keys } }

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let drop = lock.withLock { () -> Bool in
            guard operationID == watched else { return false }
            keys.append(request.headerFields[.idempotencyKey] ?? "")
            defer { dropNext = false }
            return dropNext
        }
        let (response, responseBody) = try await next(request, body, baseURL)
        guard drop else { return (response, responseBody) }
        // Read the answer off the wire so the server is done with it, then lose it.
        if let responseBody { _ = try await Data(collecting: responseBody, upTo: 16 * 1024 * 1024) }
        throw SimulatedLostResponse(operationID: operationID)
    }
}

/// The error `LostResponseMiddleware` throws in place of an answer it dropped.
struct SimulatedLostResponse: Error, CustomStringConvertible {
    let operationID: String
    var description: String { "the answer to \(operationID) was lost on the way back (simulated)" }
}
