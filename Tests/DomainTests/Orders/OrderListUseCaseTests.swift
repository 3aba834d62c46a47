import Domain
import Foundation
import Synchronization
import Testing

@Suite("OrderListUseCase")
struct OrderListUseCaseTests {
    private let orders = InMemoryOrderManager([
        storedOrder("o_1", placedAt: 100, total: 300), storedOrder("o_2", placedAt: 200, total: 100),
        storedOrder("o_3", status: .cancelled, placedAt: 300, total: 200), storedOrder("o_9", owner: bob, placedAt: 150, total: 50),
    ])

    private func list(status: OrderStatus? = nil, sort: OrderSort, after cursor: OrderCursor? = nil, limit: Int = 20) -> [OrderOutputSpy.Event] {
        let spy = OrderOutputSpy()
        OrderListUseCase(orders: orders, owner: alice).eventList(status: status, sort: sort, after: cursor, limit: limit, output: spy)
        return spy.events
    }

    private func page(_ ids: [String], next: OrderCursor?) -> [OrderOutputSpy.Event] {
        [.orders(ids.map { id in OrderSummaryPresentationModel(OrderSummary(orders.all.first { $0.id.rawValue == id }!)) }, next: next)]
    }

    @Test("newest first, with a cursor of the last row's time and id when more follow")
    func newestFirst() {
        #expect(list(sort: .placedAtDescending, limit: 2)
            == page(["o_3", "o_2"], next: OrderCursor(key: .placedAt(Date(timeIntervalSince1970: 200)), id: OrderID("o_2"))))
    }

    @Test("the cursor continues where the page ended; the last page has no cursor")
    func secondPage() {
        let cursor = OrderCursor(key: .placedAt(Date(timeIntervalSince1970: 200)), id: OrderID("o_2"))
        #expect(list(sort: .placedAtDescending, after: cursor, limit: 2) == page(["o_1"], next: nil))
    }

    @Test("by total, either way, with the total in the cursor")
    func byTotal() {
        #expect(list(sort: .orderTotalAscending, limit: 1) == page(["o_2"], next: OrderCursor(key: .orderTotal(minor: 100), id: OrderID("o_2"))))
        #expect(list(sort: .orderTotalDescending) == page(["o_1", "o_3", "o_2"], next: nil))
    }

    @Test("a status filter keeps only that status")
    func status() {
        #expect(list(status: .cancelled, sort: .placedAtAscending) == page(["o_3"], next: nil))
        #expect(list(status: .placed, sort: .placedAtAscending) == page(["o_1", "o_2"], next: nil))
    }

    @Test("an empty first page is the no-orders event; an empty later page is a page")
    func empty() {
        let spy = OrderOutputSpy()
        OrderListUseCase(orders: orders, owner: UserID("nobody")).eventList(status: nil, sort: .placedAtDescending, after: nil, limit: 5, output: spy)
        #expect(spy.events == [.noOrders])
        let cursor = OrderCursor(key: .placedAt(Date(timeIntervalSince1970: 1)), id: OrderID("o_0"))
        #expect(list(sort: .placedAtDescending, after: cursor) == [.orders([], next: nil)])
    }

    @Test("a cursor of another sort is refused before storage is asked")
    func cursorMismatch() {
        orders.failure.withLock { $0 = .failure("must not be reached") }
        #expect(list(sort: .placedAtDescending, after: OrderCursor(key: .orderTotal(minor: 1), id: OrderID("o_1"))) == [.cursorMismatch])
        #expect(list(sort: .orderTotalAscending, after: OrderCursor(key: .placedAt(Date()), id: OrderID("o_1"))) == [.cursorMismatch])
    }

    @Test("storage trouble is reported as such")
    func storage() {
        orders.failure.withLock { $0 = .unavailable("busy") }
        #expect(list(sort: .placedAtAscending) == [.storageUnavailable])
    }
}
