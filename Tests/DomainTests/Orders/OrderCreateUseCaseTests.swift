import Domain
import DomainTestSupport
import Testing

@Suite("OrderCreateUseCase")
struct OrderCreateUseCaseTests {
    private func place(_ request: OrderCreateRequest, orders: InMemoryOrderManager = InMemoryOrderManager()) -> [OrderOutputSpy.Event] {
        let spy = OrderOutputSpy()
        OrderCreateUseCase(
            orders: orders, products: catalog, contacts: InMemoryContactManager(), policy: .standard, owner: alice, clock: FixedClock(),
            ids: SequentialIDGenerator()
        ).eventCreate(request, output: spy)
        return spy.events
    }

    private func failures(_ pairs: [(String, OrderFieldFailure.Rule)]) -> [OrderOutputSpy.Event] {
        [.validationFailures(pairs.map { OrderFieldFailure(pointer: $0.0, rule: $0.1) })]
    }

    @Test("an empty request reports every missing mandatory field at once, in request order, and stores nothing")
    func emptyRequest() {
        let orders = InMemoryOrderManager()
        #expect(place(OrderCreateRequest(), orders: orders) == failures([
            ("/customer/firstName", .required), ("/customer/lastName", .required), ("/customer/email", .required),
            ("/billingAddress", .required), ("/shipmentAddress", .required), ("/shipmentMethod", .required), ("/items", .required),
        ]))
        #expect(orders.all.isEmpty)
    }

    @Test("each missing product or quantity is reported at its line's pointer", arguments: [
        ([item(nil, 1)], [("/items/0/productId", OrderFieldFailure.Rule.required)]),
        ([item(pens, nil)], [("/items/0/quantity", .required)]),
        ([item(nil, nil)], [("/items/0/productId", .required), ("/items/0/quantity", .required)]),
        ([item(pens, 1), item(nil, 2)], [("/items/1/productId", .required)]),
        ([item(pens, 1), item(syrup, nil)], [("/items/1/quantity", .required)]),
        ([item(nil, 1), item(pens, nil), item(nil, nil)], [
            ("/items/0/productId", .required), ("/items/1/quantity", .required),
            ("/items/2/productId", .required), ("/items/2/quantity", .required),
        ]),
        ([OrderCreateRequest.Item(productID: ProductID(""), quantity: 1)], [("/items/0/productId", .required)]),
    ])
    func missingLineFields(items: [OrderCreateRequest.Item], expected: [(String, OrderFieldFailure.Rule)]) {
        #expect(place(orderRequest(items)) == failures(expected))
    }

    @Test("missing customer fields and missing line fields come together in one event")
    func customerAndLines() {
        var request = orderRequest([item(pens, nil)])
        request.firstName = nil
        request.email = ""
        request.shipmentSpeed = nil
        #expect(place(request) == failures([
            ("/customer/firstName", .required), ("/customer/email", .required), ("/shipmentMethod", .required), ("/items/0/quantity", .required),
        ]))
    }

    @Test("an address without its mandatory parts names each missing part")
    func addressParts() {
        var request = orderRequest([item(pens, 1)])
        request.billingAddress = PostalAddress(street: "1 Main St", province: "ON")
        request.shipmentAddress = PostalAddress(city: "Toronto", postalCode: "M5V", country: "")
        #expect(place(request) == failures([
            ("/billingAddress/city", .required), ("/billingAddress/postalCode", .required), ("/billingAddress/country", .required),
            ("/shipmentAddress/street", .required), ("/shipmentAddress/country", .required),
        ]))
    }

    @Test("an implausible customer email is refused")
    func invalidEmail() {
        var request = orderRequest([item(pens, 1)])
        request.email = "ada-at-example"
        #expect(place(request) == failures([("/customer/email", .invalidEmail)]))
    }

    @Test("unknown products and quantities outside 1…999 are reported per line, beside missing fields", arguments: [
        ([OrderCreateRequest.Item(productID: ProductID("p_nope"), quantity: 1)], [("/items/0/productId", OrderFieldFailure.Rule.unknownProduct)]),
        ([item(pens, 0)], [("/items/0/quantity", .quantityOutOfRange)]),
        ([item(pens, -3)], [("/items/0/quantity", .quantityOutOfRange)]),
        ([item(pens, 1000)], [("/items/0/quantity", .quantityOutOfRange)]),
        ([item(pens, Int.max)], [("/items/0/quantity", .quantityOutOfRange)]),
        ([item(pens, 999), OrderCreateRequest.Item(productID: ProductID(String(repeating: "x", count: 5000)), quantity: nil)], [
            ("/items/1/productId", .unknownProduct), ("/items/1/quantity", .required),
        ]),
    ])
    func lineRules(items: [OrderCreateRequest.Item], expected: [(String, OrderFieldFailure.Rule)]) {
        #expect(place(orderRequest(items)) == failures(expected))
    }

    @Test("no items, and more than 100 lines, are refused on /items alone")
    func lineCounts() {
        #expect(place(orderRequest([])) == failures([("/items", .noItems)]))
        #expect(place(orderRequest(Array(repeating: item(pens, 1), count: 101))) == failures([("/items", .tooManyLines)]))
        #expect(place(orderRequest(Array(repeating: item(nil, nil), count: 10_000))) == failures([("/items", .tooManyLines)]))
    }

    @Test("exactly 100 lines are allowed")
    func hundredLines() {
        let products = (0..<100).map { product("p_\($0)", "P\($0)", 100) }
        let spy = OrderOutputSpy()
        OrderCreateUseCase(
            orders: InMemoryOrderManager(), products: InMemoryProductManager(products), contacts: InMemoryContactManager(), policy: .standard,
            owner: alice, clock: FixedClock(), ids: SequentialIDGenerator()
        ).eventCreate(orderRequest(products.map { item($0, 1) }), output: spy)
        guard case .created(let order) = spy.events.first else {
            Issue.record("expected an order, got \(spy.events)")
            return
        }
        #expect(order.lines.count == 100)
        #expect(order.itemTotal == cad(10_000))
    }
}
