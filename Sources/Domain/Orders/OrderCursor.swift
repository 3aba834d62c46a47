import Foundation

/// Where a position in a sorted order list is: the sort key and id of the last order a page ended
/// with. Keyset paging: rows inserted meanwhile never shift a page.
public struct OrderCursor: Equatable, Sendable {
    /// The sort key of that order; which case it is must match the list's sort.
    public enum Key: Equatable, Sendable {
        case placedAt(Date)
        case orderTotal(minor: Int64)
    }

    public var key: Key
    public var id: OrderID

    public init(key: Key, id: OrderID) {
        self.key = key
        self.id = id
    }

    /// The cursor just after `order` in a list sorted by `sort`.
    public init(after order: OrderSummary, sort: OrderSort) {
        switch sort {
        case .placedAtAscending, .placedAtDescending: self.init(key: .placedAt(order.placedAt), id: order.id)
        case .orderTotalAscending, .orderTotalDescending: self.init(key: .orderTotal(minor: order.orderTotal.minor), id: order.id)
        }
    }

    /// Whether this cursor can continue a list sorted by `sort`.
    public func fits(_ sort: OrderSort) -> Bool {
        switch (key, sort) {
        case (.placedAt, .placedAtAscending), (.placedAt, .placedAtDescending): true
        case (.orderTotal, .orderTotalAscending), (.orderTotal, .orderTotalDescending): true
        default: false
        }
    }
}
