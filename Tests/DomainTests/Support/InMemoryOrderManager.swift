import Domain
import DomainTestSupport
import Foundation
import Synchronization

/// An OrderManager in memory, with the SQLite one's numbering, ordering and scoping rules.
final class InMemoryOrderManager: UnimplementedOrderManager {
    private let orders = Mutex<[OrderID: Order]>([:])
    private let sequence = Mutex<Int64>(0)
    /// When set, every call throws it (storage failure paths).
    let failure = Mutex<GatewayError?>(nil)
    /// When set, what storage answers to an order with a payment (instead of storing it).
    let paymentRefusal = Mutex<OrderCreation?>(nil)

    init(_ initial: [Order] = []) {
        orders.withLock { stored in for order in initial { stored[order.id] = order } }
    }

    var all: [Order] { orders.withLock { Array($0.values) } }

    private func check() throws {
        if let error = failure.withLock({ $0 }) { throw error }
    }

    func create(_ order: NewOrder) throws -> OrderCreation {
        try check()
        if order.payment != nil, let refusal = paymentRefusal.withLock({ $0 }) { return refusal }
        let number = OrderNumber(sequence: sequence.withLock { value in value += 1; return value })
        let stored = Order(order, number: number)
        try orders.withLock { table in
            if table[order.id] != nil { throw GatewayError.conflict("duplicate id") }
            table[order.id] = stored
        }
        return .created(stored)
    }

    func fetch(id: OrderID, owner: UserID) throws -> Order? {
        try check()
        return orders.withLock { $0[id].flatMap { $0.ownerID == owner ? $0 : nil } }
    }

    func list(owner: UserID, status: OrderStatus?, sort: OrderSort, after cursor: OrderCursor?, limit: Int) throws -> [OrderSummary] {
        try check()
        func key(_ order: Order) -> Int64 {
            switch sort {
            case .placedAtAscending, .placedAtDescending: Int64((order.placedAt.timeIntervalSince1970 * 1000).rounded())
            case .orderTotalAscending, .orderTotalDescending: order.orderTotal.minor
            }
        }
        let cursorKey: (Int64, String)? = cursor.map { cursor in
            switch cursor.key {
            case .placedAt(let date): (Int64((date.timeIntervalSince1970 * 1000).rounded()), cursor.id.rawValue)
            case .orderTotal(let minor): (minor, cursor.id.rawValue)
            }
        }
        return orders.withLock { table in
            table.values
                .filter { $0.ownerID == owner && (status == nil || $0.status == status) }
                .sorted { sort.isDescending ? (key($0), $0.id.rawValue) > (key($1), $1.id.rawValue) : (key($0), $0.id.rawValue) < (key($1), $1.id.rawValue) }
                .filter { order in
                    guard let cursorKey else { return true }
                    let position = (key(order), order.id.rawValue)
                    return sort.isDescending ? position < cursorKey : position > cursorKey
                }
                .prefix(limit)
                .map(OrderSummary.init)
        }
    }

    func cancel(id: OrderID, owner: UserID, at date: Date) throws -> OrderCancellation {
        try check()
        return orders.withLock { table in
            guard var order = table[id], order.ownerID == owner else { return .notFound }
            guard order.status == .placed else { return .notPlaced(order) }
            order.status = .cancelled
            order.cancelledAt = date
            order.version += 1
            table[id] = order
            return .cancelled(order)
        }
    }
}
