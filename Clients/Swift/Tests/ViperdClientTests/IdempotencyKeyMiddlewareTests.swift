import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing
import ViperdClient

@Suite("IdempotencyKeyMiddleware")
struct IdempotencyKeyMiddlewareTests {
    let baseURL = URL(string: "http://127.0.0.1")!

    func post(_ middleware: IdempotencyKeyMiddleware, _ transport: RecordingTransport, key: String? = nil) async throws
        -> HTTPResponse
    {
        var request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/v1/orders")
        if let key { request.headerFields[.idempotencyKey] = key }
        return try await middleware.intercept(
            request, body: HTTPBody("{}"), baseURL: baseURL, operationID: "createOrder", next: transport.next
        ).0
    }

    @Test("a lost answer is retried with the same key, and the next call gets a new key")
    func retriesWithTheSameKey() async throws {
        let transport = RecordingTransport([.failure])
        let middleware = IdempotencyKeyMiddleware(maximumDelay: .zero)
        let response = try await post(middleware, transport)
        _ = try await post(middleware, transport)
        let keys = transport.requests.map { $0.headerFields[.idempotencyKey] }
        #expect(response.status == .ok)
        #expect(keys.count == 3)
        #expect(keys[0] != nil && keys[0] == keys[1])
        #expect(keys[2] != nil && keys[2] != keys[0])
    }

    @Test("a key the caller set is kept")
    func keepsTheCallersKey() async throws {
        let transport = RecordingTransport()
        _ = try await post(IdempotencyKeyMiddleware(), transport, key: "order-42")
        #expect(transport.requests.map { $0.headerFields[.idempotencyKey] } == ["order-42"])
    }

    @Test("503 and 409 with Retry-After are retried; a 409 without it is final")
    func retriesOnlyAnswersThatWillClear() async throws {
        let transport = RecordingTransport([.status(.serviceUnavailable, retryAfter: "0"), .status(.conflict, retryAfter: "0")])
        #expect(try await post(IdempotencyKeyMiddleware(), transport).status == .ok)
        #expect(transport.requests.count == 3)

        let refused = RecordingTransport([.status(.conflict)])
        #expect(try await post(IdempotencyKeyMiddleware(), refused).status == .conflict)
        #expect(refused.requests.count == 1)
    }

    @Test("gives up after the last attempt with the transport's error")
    func givesUp() async throws {
        let transport = RecordingTransport([.failure, .failure, .failure])
        await #expect(throws: RecordingTransport.Lost.self) {
            _ = try await post(IdempotencyKeyMiddleware(maximumAttempts: 3, maximumDelay: .zero), transport)
        }
        #expect(transport.requests.count == 3)
    }

    @Test("safe methods go out untouched")
    func leavesSafeMethodsAlone() async throws {
        let transport = RecordingTransport([.failure])
        await #expect(throws: RecordingTransport.Lost.self) {
            _ = try await IdempotencyKeyMiddleware().intercept(
                HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/v1/orders"), body: nil,
                baseURL: baseURL, operationID: "listOrders", next: transport.next)
        }
        #expect(transport.requests.count == 1)
        #expect(transport.requests[0].headerFields[.idempotencyKey] == nil)
    }
}
