import Domain
import Synchronization
import Testing

@Suite("OrderShowUseCase")
struct OrderShowUseCaseTests {
    @Test("the owner sees the order with its lines; anyone else gets not found")
    func show() {
        let order = storedOrder("o_1")
        let orders = InMemoryOrderManager([order])
        let spy = OrderOutputSpy()
        OrderShowUseCase(orders: orders, owner: alice).eventShow(id: OrderID("o_1"), output: spy)
        OrderShowUseCase(orders: orders, owner: bob).eventShow(id: OrderID("o_1"), output: spy)
        OrderShowUseCase(orders: orders, owner: alice).eventShow(id: OrderID("o_2"), output: spy)
        #expect(spy.events == [.order(OrderPresentationModel(order)), .notFound(OrderID("o_1")), .notFound(OrderID("o_2"))])
    }

    @Test("storage trouble is reported as such")
    func storage() {
        let orders = InMemoryOrderManager()
        orders.failure.withLock { $0 = .failure("disk") }
        let spy = OrderOutputSpy()
        OrderShowUseCase(orders: orders, owner: alice).eventShow(id: OrderID("o_1"), output: spy)
        #expect(spy.events == [.storageFailure])
    }
}
