import Domain
import Foundation
import Testing

/// An OrderManager whose every method records an issue and answers an empty value: a test double
/// conforms to it and writes only the methods its test uses, so a method the Manager gains later
/// changes no double (they inherit this one), and a call the test did not expect fails it.
public protocol UnimplementedOrderManager: OrderManager {}

extension UnimplementedOrderManager {
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

/// Fails the test when any order storage call happens.
public struct UntouchableOrderManager: UnimplementedOrderManager {
    public init() {}
}
