import Domain
import DomainTestSupport
import Foundation
import Presentation
import Testing

@Suite("OrderListPresenter")
struct OrderListPresenterTests {
    /// Orders that record the list call they got.
    final class RecordingOrders: UnimplementedOrderManager, @unchecked Sendable {
        var calls: [(status: OrderStatus?, sort: OrderSort, cursor: OrderCursor?, limit: Int)] = []
        var rows: [OrderSummary] = []

        func list(owner: UserID, status: OrderStatus?, sort: OrderSort, after cursor: OrderCursor?, limit: Int) throws -> [OrderSummary] {
            calls.append((status, sort, cursor, limit))
            return Array(rows.prefix(limit))
        }
    }

    func summary(_ id: String, total: Int64) -> OrderSummary {
        OrderSummary(
            id: OrderID(id), number: OrderNumber(sequence: 1), status: .placed, placedAt: OrderFixture.placed,
            customer: Customer(firstName: "A", lastName: "B", email: "a@b.co"), orderTotal: Money(minor: total, currency: .cad))
    }

    @Test("unknown sort and status, a bad limit and a forged cursor are each named as a parameter")
    func badParameters() throws {
        let spy = ViewModelOutputSpy<OrderListViewModel>()
        OrderListPresenter(useCase: OrderListUseCase(orders: UntouchableOrderManager(), owner: Fixture.owner), output: spy, messages: Messages(.en))
            .eventList(status: "shipped", sort: "total", limit: "0", cursor: "forged")
        let problem = try #require(spy.problem)
        #expect(problem.errors.map(\.parameter) == ["status", "sort", "limit", "cursor"])
    }

    @Test("without a sort the newest orders come first; the next cursor continues the same sort")
    func defaultSortAndCursor() throws {
        let orders = RecordingOrders()
        orders.rows = [summary("o_1", total: 10), summary("o_2", total: 20), summary("o_3", total: 30)]
        let spy = ViewModelOutputSpy<OrderListViewModel>()
        let presenter = OrderListPresenter(useCase: OrderListUseCase(orders: orders, owner: Fixture.owner), output: spy, messages: Messages(.en))
        presenter.eventList(status: nil, sort: nil, limit: "2", cursor: nil)
        #expect(orders.calls.first?.sort == .placedAtDescending)
        guard case .viewModel(let page) = try #require(spy.shown.first) else { Issue.record("no page"); return }
        let cursor = try #require(page.nextCursor)
        presenter.eventList(status: "placed", sort: "-placedAt", limit: "2", cursor: cursor)
        #expect(orders.calls.last?.cursor == OrderCursor(key: .placedAt(OrderFixture.placed), id: OrderID("o_2")))
        #expect(orders.calls.last?.status == .placed)
        presenter.eventList(status: nil, sort: "orderTotal", limit: "2", cursor: cursor)
        guard case .malformed(let mismatch) = spy.shown.last else { Issue.record("cursor of another sort accepted"); return }
        #expect(mismatch.errors.map(\.parameter) == ["cursor"])
    }

    @Test("each row's status and placement time are worded in the client's language, beside the machine values")
    func rowsInWords() throws {
        let orders = RecordingOrders()
        orders.rows = [summary("o_1", total: 10)]
        for (language, label, placed) in [(Language.en, "Placed", "Nov 18, 2026, 11:06 UTC"), (.fr, "Passée", "18 nov. 2026 à 11:06 UTC")] {
            let spy = ViewModelOutputSpy<OrderListViewModel>()
            OrderListPresenter(useCase: OrderListUseCase(orders: orders, owner: Fixture.owner), output: spy, messages: Messages(language))
                .eventList(status: nil, sort: nil, limit: nil, cursor: nil)
            guard case .viewModel(let page) = try #require(spy.shown.first) else { Issue.record("no page"); return }
            let row = try #require(page.items.first)
            #expect(row.status == "placed" && row.statusLabel == label)
            #expect(row.placedAt == "2026-11-18T11:06:40Z" && row.placedAtFormatted == placed)
        }
    }

    @Test("an empty first page says so in the client's language")
    func empty() throws {
        let spy = ViewModelOutputSpy<OrderListViewModel>()
        OrderListPresenter(useCase: OrderListUseCase(orders: RecordingOrders(), owner: Fixture.owner), output: spy, messages: Messages(.fr))
            .eventList(status: nil, sort: nil, limit: nil, cursor: nil)
        guard case .viewModel(let page) = try #require(spy.shown.first) else { Issue.record("no page"); return }
        #expect(page.message == "Aucune commande trouvée")
    }

    @Test("a cancel of an order that is not placed is an invalid transition showing the order as it is")
    func invalidTransition() throws {
        let spy = OrderPresenterOutputSpy()
        let presenter = OrderCancelPresenter(
            useCase: OrderCancelUseCase(orders: UntouchableOrderManager(), owner: Fixture.owner, clock: SystemClock()), output: spy,
            messages: Messages(.en))
        presenter.presentInvalidTransition(OrderFixture.order(status: .cancelled, version: 2))
        guard case .invalidTransition(let problem, let order) = try #require(spy.shown.first) else { Issue.record("\(spy.shown)"); return }
        #expect(problem.code == .invalidTransition)
        #expect(order.status == "cancelled")
        presenter.eventCancel(id: "bad id")
        #expect(spy.shown.count == 2)
    }
}
