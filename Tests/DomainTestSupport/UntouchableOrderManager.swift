import Domain
import Foundation
import Testing

/// Fails the test when any order storage call happens.
public struct UntouchableOrderManager: OrderManager {
    public init() {}

    public func create(_ order: NewOrder) throws -> OrderCreation {
        Issue.record("storage reached: order create")
        throw GatewayError.failure("untouchable")
    }
    public func fetch(id: OrderID, owner: UserID) throws -> Order? {
        Issue.record("storage reached: order fetch")
        return nil
    }
    public func list(owner: UserID, status: OrderStatus?, sort: OrderSort, after cursor: OrderCursor?, limit: Int) throws -> [OrderSummary] {
        Issue.record("storage reached: order list")
        return []
    }
    public func cancel(id: OrderID, owner: UserID, at date: Date) throws -> OrderCancellation {
        Issue.record("storage reached: order cancel")
        return .notFound
    }
}
