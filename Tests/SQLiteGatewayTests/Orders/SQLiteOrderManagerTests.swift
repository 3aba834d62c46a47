import Domain
import Foundation
import Testing
@testable import SQLiteGateway

@Suite("SQLiteOrderManager")
struct SQLiteOrderManagerTests {
    @Test("create stores the order and its lines with the next SO- number, and fetch reads back exactly that")
    func createAndFetch() throws {
        let temporary = try TemporaryDatabase()
        let orders = SQLiteOrderManager(database: temporary.database)

        let first = try orders.placed(.fixture(id: "o_1"))
        let funds = Transaction(
            id: TransactionID("t_import"), accountID: AccountID("a_u_alice"), group: .posted, direction: .credit,
            date: CalendarDate(year: 2026, month: 11, day: 1)!, description: "Import", amount: 10_000)
        try SQLiteTransactionManager(database: temporary.database).insert([funds]) { _ in }
        var paid = NewOrder.fixture(id: "o_2")
        paid.payment = OrderPayment(accountID: "a_u_alice", transactionID: "t_1")
        let second = try orders.placed(paid)

        #expect(first.number == OrderNumber("SO-000001"))
        #expect(second.number == OrderNumber("SO-000002"))
        #expect(first.status == .placed && first.version == 1 && first.cancelledAt == nil)
        #expect(first == Order(.fixture(id: "o_1"), number: OrderNumber("SO-000001")))
        #expect(try orders.fetch(id: OrderID("o_1"), owner: UserID("u_alice")) == first)
        #expect(try orders.fetch(id: OrderID("o_2"), owner: UserID("u_alice")) == second)
        #expect(try temporary.count("order_lines") == 4)
    }

    @Test("another owner's order is not found")
    func scoped() throws {
        let orders = SQLiteOrderManager(database: try TemporaryDatabase().database)
        _ = try orders.placed(.fixture(id: "o_1"))
        #expect(try orders.fetch(id: OrderID("o_1"), owner: UserID("u_bob")) == nil)
        #expect(try orders.fetch(id: OrderID("o_9"), owner: UserID("u_alice")) == nil)
    }

    @Test("a failure on the last line leaves no order, no line and no number used")
    func atomicCreate() throws {
        let temporary = try TemporaryDatabase()
        let orders = SQLiteOrderManager(database: temporary.database)
        var broken = NewOrder.fixture(id: "o_1")
        // Storage refuses a zero quantity: the order row and first line are already written by then.
        broken.lines.append(OrderLine(productID: ProductID("p_x"), name: "X", quantity: 0, unitPrice: broken.itemTotal, lineTotal: broken.itemTotal))

        #expect(throws: GatewayError.self) { try orders.placed(broken) }

        #expect(try temporary.count("orders") == 0)
        #expect(try temporary.count("order_lines") == 0)
        #expect(try orders.placed(.fixture(id: "o_2")).number == OrderNumber("SO-000001"))
    }

    @Test("an order id used twice is a conflict and changes nothing")
    func duplicateID() throws {
        let temporary = try TemporaryDatabase()
        let orders = SQLiteOrderManager(database: temporary.database)
        _ = try orders.placed(.fixture(id: "o_1"))
        #expect(throws: GatewayError.self) { try orders.placed(.fixture(id: "o_1", total: 1)) }
        #expect(try temporary.count("orders") == 1)
        #expect(try orders.fetch(id: OrderID("o_1"), owner: UserID("u_alice"))?.orderTotal.minor == 10_000)
    }

    /// Orders with ties on both keys, plus one of another owner.
    private func seeded() throws -> (TemporaryDatabase, SQLiteOrderManager, [Order]) {
        let temporary = try TemporaryDatabase()
        let orders = SQLiteOrderManager(database: temporary.database)
        let specs: [(String, TimeInterval, Int64)] = [
            ("o_e", 300, 500), ("o_a", 100, 500), ("o_d", 200, 900), ("o_b", 200, 100), ("o_c", 200, 500), ("o_f", 100, 900),
        ]
        var stored: [Order] = []
        for (id, placedAt, total) in specs {
            stored.append(try orders.placed(.fixture(id: id, placedAt: 1_795_000_000 + placedAt, total: total)))
        }
        _ = try orders.placed(.fixture(id: "o_z", owner: "u_bob", placedAt: 1_795_000_150, total: 700))
        return (temporary, orders, stored)
    }

    private static func expectedOrder(_ orders: [Order], _ sort: OrderSort) -> [String] {
        func key(_ order: Order) -> Int64 {
            switch sort {
            case .placedAtAscending, .placedAtDescending: Milliseconds.from(order.placedAt)
            case .orderTotalAscending, .orderTotalDescending: order.orderTotal.minor
            }
        }
        let ascending = orders.sorted { (key($0), $0.id.rawValue) < (key($1), $1.id.rawValue) }.map(\.id.rawValue)
        return sort.isDescending ? ascending.reversed() : ascending
    }

    @Test("every sort orders by its key, ties broken by id in the same direction, one owner only", arguments: OrderSort.allCases)
    func sorts(sort: OrderSort) throws {
        let (_, orders, stored) = try seeded()
        let all = try orders.list(owner: UserID("u_alice"), status: nil, sort: sort, after: nil, limit: 100)
        #expect(all.map(\.id.rawValue) == Self.expectedOrder(stored, sort))
        #expect(all == Self.expectedOrder(stored, sort).map { id in OrderSummary(stored.first { $0.id.rawValue == id }!) })
    }

    @Test("paging two at a time under every sort visits every order once, in order", arguments: OrderSort.allCases)
    func paging(sort: OrderSort) throws {
        let (_, orders, stored) = try seeded()
        var seen: [String] = []
        var cursor: OrderCursor?
        repeat {
            let page = try orders.list(owner: UserID("u_alice"), status: nil, sort: sort, after: cursor, limit: 2)
            seen += page.map(\.id.rawValue)
            cursor = page.count == 2 ? page.last.map { OrderCursor(after: $0, sort: sort) } : nil
        } while cursor != nil
        #expect(seen == Self.expectedOrder(stored, sort))
    }

    @Test("orders inserted between pages never shift, repeat or hide the orders already there", arguments: OrderSort.allCases)
    func cursorStableUnderInserts(sort: OrderSort) throws {
        let (_, orders, stored) = try seeded()
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

    @Test("a status filter lists only orders of that status, paging included")
    func statusFilter() throws {
        let (_, orders, _) = try seeded()
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

    @Test("cancel turns a placed order cancelled once, with its time and a new version; then refuses")
    func cancel() throws {
        let temporary = try TemporaryDatabase()
        let orders = SQLiteOrderManager(database: temporary.database)
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

    @Test("of many concurrent cancels of one order exactly one succeeds")
    func concurrentCancel() throws {
        let temporary = try TemporaryDatabase()
        let orders = SQLiteOrderManager(database: temporary.database)
        _ = try orders.placed(.fixture(id: "o_1"))
        let results = Locked<[OrderCancellation]>([])
        Threads.run(count: 10) { _ in
            if let result = try? orders.cancel(id: OrderID("o_1"), owner: UserID("u_alice"), at: Date(timeIntervalSince1970: 1_795_000_999)) {
                results.withValue { $0.append(result) }
            }
        }
        let all = results.current
        #expect(all.count == 10)
        #expect(all.filter { if case .cancelled = $0 { true } else { false } }.count == 1)
    }
}
