import Domain
import DomainTestSupport
import Foundation
import Synchronization
import Testing

@Suite("OrderCancelTransformer")
struct OrderCancelTransformerTests {
    private func cancel(_ id: String, in orders: InMemoryOrderManager, owner: UserID = alice) -> [OrderOutputSpy.Event] {
        let spy = OrderOutputSpy()
        OrderCancelTransformer(orders: orders, clock: FixedClock()).transform(id: OrderID(id), owner: owner, output: spy)
        return spy.events
    }

    @Test("a placed order becomes cancelled at the clock's time with a new version")
    func placedToCancelled() throws {
        let orders = InMemoryOrderManager([storedOrder("o_1")])
        let events = cancel("o_1", in: orders)
        var expected = storedOrder("o_1")
        expected.status = .cancelled
        expected.cancelledAt = FixedClock().instant
        expected.version = 2
        #expect(events == [.cancelled(OrderPresentationModel(expected))])
        #expect(orders.all == [expected])
    }

    @Test("a cancelled order cannot be cancelled again and stays as it was")
    func cancelledIsFinal() {
        let order = storedOrder("o_1", status: .cancelled)
        let orders = InMemoryOrderManager([order])
        #expect(cancel("o_1", in: orders) == [.invalidTransition(OrderPresentationModel(order))])
        #expect(orders.all == [order])
    }

    @Test("a missing order and someone else's are both not found, and nothing changes")
    func notFound() {
        let order = storedOrder("o_1", owner: bob)
        let orders = InMemoryOrderManager([order])
        #expect(cancel("o_1", in: orders) == [.notFound(OrderID("o_1"))])
        #expect(cancel("o_2", in: orders) == [.notFound(OrderID("o_2"))])
        #expect(orders.all == [order])
    }

    @Test("storage trouble is reported, not thrown")
    func storage() {
        let orders = InMemoryOrderManager([storedOrder("o_1")])
        orders.failure.withLock { $0 = .unavailable("busy") }
        #expect(cancel("o_1", in: orders) == [.storageUnavailable])
    }

    @Test("the use case cancels for its owner only")
    func useCase() {
        let orders = InMemoryOrderManager([storedOrder("o_1")])
        let spy = OrderOutputSpy()
        OrderCancelUseCase(orders: orders, owner: bob, clock: FixedClock()).eventCancel(id: OrderID("o_1"), output: spy)
        #expect(spy.events == [.notFound(OrderID("o_1"))])
        #expect(orders.all.first?.status == .placed)
    }
}
