import Domain
import Foundation
import GatewayTestSupport
import TestSupport
import Testing

@Suite("OrderManager contract")
struct OrderManagerContractTests {
    @Test("create stores the order and its lines with the next SO- number, and fetch reads back exactly that", arguments: Backend.allCases)
    func createAndFetch(backend: Backend) throws {
        let store = try backend.makeStore()
        let orders = store.gateway.orders

        let first = try orders.placed(.fixture(id: "o_1"))
        try store.fund("a_u_alice", 10_000)
        var paid = NewOrder.fixture(id: "o_2")
        paid.payment = OrderPayment(accountID: AccountID("a_u_alice"), transactionID: "t_1")
        let second = try orders.placed(paid)

        #expect(first.number == OrderNumber("SO-000001"))
        #expect(second.number == OrderNumber("SO-000002"))
        #expect(first.status == .placed && first.version == 1 && first.cancelledAt == nil)
        #expect(first == Order(.fixture(id: "o_1"), number: OrderNumber("SO-000001")))
        #expect(try orders.fetch(id: OrderID("o_1"), owner: UserID("u_alice")) == first)
        #expect(try orders.fetch(id: OrderID("o_2"), owner: UserID("u_alice")) == second)
        #expect(try orders.fetch(id: OrderID("o_2"), owner: UserID("u_alice"))?.lines.count == 2)
    }

    @Test("another owner's order is not found", arguments: Backend.allCases)
    func scoped(backend: Backend) throws {
        let store = try backend.makeStore()
        let orders = store.gateway.orders
        _ = try orders.placed(.fixture(id: "o_1"))
        #expect(try orders.fetch(id: OrderID("o_1"), owner: UserID("u_bob")) == nil)
        #expect(try orders.fetch(id: OrderID("o_9"), owner: UserID("u_alice")) == nil)
    }

    @Test("a failure on the last line leaves no order, no line and no number used", arguments: Backend.allCases)
    func atomicCreate(backend: Backend) throws {
        let store = try backend.makeStore()
        let orders = store.gateway.orders
        var broken = NewOrder.fixture(id: "o_1")
        // Storage refuses a zero quantity: the order row and first line are already written by then.
        broken.lines.append(OrderLine(productID: ProductID("p_x"), name: "X", quantity: 0, unitPrice: broken.itemTotal, lineTotal: broken.itemTotal))

        #expect(throws: GatewayError.self) { try orders.placed(broken) }

        #expect(try store.orderCount() == 0)
        #expect(try orders.placed(.fixture(id: "o_2")).number == OrderNumber("SO-000001"))
        #expect(try orders.fetch(id: OrderID("o_2"), owner: UserID("u_alice"))?.lines.count == 2)
    }

    @Test("an order id used twice is a conflict and changes nothing", arguments: Backend.allCases)
    func duplicateID(backend: Backend) throws {
        let store = try backend.makeStore()
        let orders = store.gateway.orders
        _ = try orders.placed(.fixture(id: "o_1"))
        let error = #expect(throws: GatewayError.self) { try orders.placed(.fixture(id: "o_1", total: 1)) }
        #expect(error.map { if case .conflict = $0 { true } else { false } } == true)
        #expect(try store.orderCount() == 1)
        #expect(try orders.fetch(id: OrderID("o_1"), owner: UserID("u_alice"))?.orderTotal.minor == 10_000)
    }

    @Test("orders created at once from two independent gateways get distinct numbers", arguments: Backend.allCases)
    func concurrentNumbers(backend: Backend) throws {
        let store = try backend.makeStore()
        let gateways = [store.gateway, try store.independentGateway()]
        let numbers = Locked<[String]>([])
        Threads.run(count: 30) { index in
            if let order = try? gateways[index % 2].orders.placed(.fixture(id: "o_\(index)")) {
                numbers.withValue { $0.append(order.number.rawValue) }
            }
        }
        #expect(numbers.current.count == 30)
        #expect(Set(numbers.current) == Set((1...30).map { OrderNumber(sequence: Int64($0)).rawValue }))
    }

    /// Orders with ties on both keys, plus one of another owner.
    private func seeded(_ backend: Backend) throws -> (Store, any OrderManager, [Order]) {
        let store = try backend.makeStore()
        let orders = store.gateway.orders
        let specs: [(String, TimeInterval, Int64)] = [
            ("o_e", 300, 500), ("o_a", 100, 500), ("o_d", 200, 900), ("o_b", 200, 100), ("o_c", 200, 500), ("o_f", 100, 900),
        ]
        var stored: [Order] = []
        for (id, placedAt, total) in specs {
            stored.append(try orders.placed(.fixture(id: id, placedAt: 1_795_000_000 + placedAt, total: total)))
        }
        _ = try orders.placed(.fixture(id: "o_z", owner: "u_bob", placedAt: 1_795_000_150, total: 700))
        return (store, orders, stored)
    }

    private static func expectedOrder(_ orders: [Order], _ sort: OrderSort) -> [String] {
        func key(_ order: Order) -> Int64 {
            switch sort {
            case .placedAtAscending, .placedAtDescending: Int64((order.placedAt.timeIntervalSince1970 * 1000).rounded())
            case .orderTotalAscending, .orderTotalDescending: order.orderTotal.minor
            }
        }
        let ascending = orders.sorted { (key($0), $0.id.rawValue) < (key($1), $1.id.rawValue) }.map(\.id.rawValue)
        return sort.isDescending ? ascending.reversed() : ascending
    }

    static let backendsAndSorts = Backend.allCases.flatMap { backend in OrderSort.allCases.map { (backend, $0) } }

    @Test("every sort orders by its key, ties broken by id in the same direction, one owner only", arguments: backendsAndSorts)
    func sorts(backend: Backend, sort: OrderSort) throws {
        let (_, orders, stored) = try seeded(backend)
        let all = try orders.list(owner: UserID("u_alice"), status: nil, sort: sort, after: nil, limit: 100)
        #expect(all.map(\.id.rawValue) == Self.expectedOrder(stored, sort))
        #expect(all == Self.expectedOrder(stored, sort).compactMap { id in stored.first { $0.id.rawValue == id }.map(OrderSummary.init) })
    }

    @Test("paging two at a time under every sort visits every order once, in order", arguments: backendsAndSorts)
    func paging(backend: Backend, sort: OrderSort) throws {
        let (_, orders, stored) = try seeded(backend)
        var seen: [String] = []
        var cursor: OrderCursor?
        repeat {
            let page = try orders.list(owner: UserID("u_alice"), status: nil, sort: sort, after: cursor, limit: 2)
            seen += page.map(\.id.rawValue)
            cursor = page.count == 2 ? page.last.map { OrderCursor(after: $0, sort: sort) } : nil
        } while cursor != nil
        #expect(seen == Self.expectedOrder(stored, sort))
    }

    @Test("orders inserted between pages never shift, repeat or hide the orders already there", arguments: backendsAndSorts)
    func cursorStableUnderInserts(backend: Backend, sort: OrderSort) throws {
        let (_, orders, stored) = try seeded(backend)
        let firstPage = try orders.list(owner: UserID("u_alice"), status: nil, sort: sort, after: nil, limit: 3)
        // New orders on both sides of the cursor and tied with it on each key.
        for (index, (placedAt, total)) in [(TimeInterval(50), Int64(50)), (200, 500), (400, 2000), (200, 100)].enumerated() {
            _ = try orders.placed(.fixture(id: "o_new\(index)", placedAt: 1_795_000_000 + placedAt, total: total))
        }
        var cursor = firstPage.last.map { OrderCursor(after: $0, sort: sort) }
        var rest: [String] = []
        while let current = cursor {
            let page = try orders.list(owner: UserID("u_alice"), status: nil, sort: sort, after: current, limit: 2)
            rest += page.map(\.id.rawValue)
            cursor = page.count == 2 ? page.last.map { OrderCursor(after: $0, sort: sort) } : nil
        }
        let originals = (firstPage.map(\.id.rawValue) + rest).filter { !$0.hasPrefix("o_new") }
        #expect(originals == Self.expectedOrder(stored, sort))
    }

    @Test("a status filter lists only orders of that status, paging included", arguments: Backend.allCases)
    func statusFilter(backend: Backend) throws {
        let (_, orders, _) = try seeded(backend)
        _ = try orders.cancel(id: OrderID("o_c"), owner: UserID("u_alice"), at: Date(timeIntervalSince1970: 1_795_001_000))
        _ = try orders.cancel(id: OrderID("o_a"), owner: UserID("u_alice"), at: Date(timeIntervalSince1970: 1_795_001_000))
        let cancelled = try orders.list(owner: UserID("u_alice"), status: .cancelled, sort: .placedAtAscending, after: nil, limit: 1)
        #expect(cancelled.map(\.id.rawValue) == ["o_a"])
        let next = try orders.list(
            owner: UserID("u_alice"), status: .cancelled, sort: .placedAtAscending, after: OrderCursor(after: cancelled[0], sort: .placedAtAscending), limit: 5)
        #expect(next.map(\.id.rawValue) == ["o_c"])
        let placed = try orders.list(owner: UserID("u_alice"), status: .placed, sort: .orderTotalDescending, after: nil, limit: 10)
        #expect(placed.map(\.id.rawValue) == ["o_f", "o_d", "o_e", "o_b"])
    }

    @Test("cancel turns a placed order cancelled once, with its time and a new version; then refuses", arguments: Backend.allCases)
    func cancel(backend: Backend) throws {
        let store = try backend.makeStore()
        let orders = store.gateway.orders
        let created = try orders.placed(.fixture(id: "o_1"))
        let when = Date(timeIntervalSince1970: 1_795_000_999.5)

        let result = try orders.cancel(id: OrderID("o_1"), owner: UserID("u_alice"), at: when)

        var expected = created
        expected.status = .cancelled
        expected.cancelledAt = when
        expected.version = 2
        #expect(result == .cancelled(expected))
        #expect(try orders.fetch(id: OrderID("o_1"), owner: UserID("u_alice")) == expected)
        #expect(try orders.cancel(id: OrderID("o_1"), owner: UserID("u_alice"), at: when.addingTimeInterval(5)) == .notPlaced(expected))
        #expect(try orders.cancel(id: OrderID("o_1"), owner: UserID("u_bob"), at: when) == .notFound)
        #expect(try orders.cancel(id: OrderID("o_2"), owner: UserID("u_alice"), at: when) == .notFound)
    }

    @Test("of many concurrent cancels of one order, from two independent gateways, exactly one succeeds", arguments: Backend.allCases)
    func concurrentCancel(backend: Backend) throws {
        let store = try backend.makeStore()
        _ = try store.gateway.orders.placed(.fixture(id: "o_1"))
        let gateways = [store.gateway, try store.independentGateway()]
        let results = Locked<[OrderCancellation]>([])
        Threads.run(count: 10) { index in
            if let result = try? gateways[index % 2].orders.cancel(id: OrderID("o_1"), owner: UserID("u_alice"), at: Date(timeIntervalSince1970: 1_795_000_999)) {
                results.withValue { $0.append(result) }
            }
        }
        let all = results.current
        #expect(all.count == 10)
        #expect(all.filter { if case .cancelled = $0 { true } else { false } }.count == 1)
    }
}
