import Domain
import Foundation
import Testing

/// Fails the test when any catalog storage call happens.
struct UntouchableProductManager: ProductManager {
    func list(after cursor: ProductCursor?, limit: Int) throws -> [Product] {
        Issue.record("storage reached: product list")
        return []
    }
    func fetch(id: ProductID) throws -> Product? {
        Issue.record("storage reached: product fetch")
        return nil
    }
    func fetch(ids: Set<ProductID>) throws -> [ProductID: Product] {
        Issue.record("storage reached: product fetch")
        return [:]
    }
}

/// Fails the test when any order storage call happens.
struct UntouchableOrderManager: OrderManager {
    func create(_ order: NewOrder) throws -> Order {
        Issue.record("storage reached: order create")
        throw GatewayError.failure("untouchable")
    }
    func fetch(id: OrderID, owner: UserID) throws -> Order? {
        Issue.record("storage reached: order fetch")
        return nil
    }
    func list(owner: UserID, status: OrderStatus?, sort: OrderSort, after cursor: OrderCursor?, limit: Int) throws -> [OrderSummary] {
        Issue.record("storage reached: order list")
        return []
    }
    func cancel(id: OrderID, owner: UserID, at date: Date) throws -> OrderCancellation {
        Issue.record("storage reached: order cancel")
        return .notFound
    }
}

/// Fails the test when any idempotency storage call happens.
struct UntouchableIdempotencyManager: IdempotencyManager {
    func reserve(owner: UserID, key: IdempotencyKey, fingerprint: String, now: Date) throws -> IdempotencyReservation {
        Issue.record("storage reached: idempotency reserve")
        return .inFlight
    }
    func complete(owner: UserID, key: IdempotencyKey, response: StoredResponse) throws -> Bool {
        Issue.record("storage reached: idempotency complete")
        return false
    }
    func release(owner: UserID, key: IdempotencyKey) throws { Issue.record("storage reached: idempotency release") }
    func purge(olderThan date: Date) throws -> Int {
        Issue.record("storage reached: idempotency purge")
        return 0
    }
}
