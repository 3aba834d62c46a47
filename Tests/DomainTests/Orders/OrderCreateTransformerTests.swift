import Domain
import DomainTestSupport
import Foundation
import Synchronization
import Testing

@Suite("OrderCreateTransformer")
struct OrderCreateTransformerTests {
    private func place(
        _ request: OrderCreateRequest, products: InMemoryProductManager = catalog, orders: InMemoryOrderManager = InMemoryOrderManager(),
        contacts: InMemoryContactManager = InMemoryContactManager(), policy: OrderPolicy = .standard
    ) -> [OrderOutputSpy.Event] {
        let spy = OrderOutputSpy()
        OrderCreateTransformer(orders: orders, products: products, contacts: contacts, policy: policy, clock: FixedClock(), ids: SequentialIDGenerator())
            .transform(request, owner: alice, output: spy)
        return spy.events
    }

    private func placed(_ events: [OrderOutputSpy.Event]) throws -> OrderPresentationModel {
        guard case .created(let order) = try #require(events.first), events.count == 1 else {
            Issue.record("expected one order event, got \(events)")
            throw CancellationError()
        }
        return order
    }

    @Test("line totals, item total, 13 % tax on items only, shipping and the order total come from catalog prices")
    func totals() throws {
        let orders = InMemoryOrderManager()
        let order = try placed(place(orderRequest([item(keyboard, 2), item(pens, 3)], speed: .twoDay), orders: orders))

        #expect(order.lines == [
            OrderLine(productID: keyboard.id, name: "Keyboard", quantity: 2, unitPrice: cad(12900), lineTotal: cad(25800)),
            OrderLine(productID: pens.id, name: "Pens", quantity: 3, unitPrice: cad(899), lineTotal: cad(2697)),
        ])
        #expect(order.itemTotal == cad(28497))
        #expect(order.tax == cad(3705))  // 3704.61
        #expect(order.shipment == ShipmentMethod(speed: .twoDay, cost: cad(1500)))
        #expect(order.orderTotal == cad(28497 + 3705 + 1500))
        #expect(order.number == OrderNumber("SO-000001"))
        #expect(order.status == .placed)
        #expect(order.placedAt == FixedClock().instant)
        #expect(order.id == OrderID("o_1"))
        #expect(order.customer == Customer(firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "555-0100"))
        #expect(orders.all.map(OrderPresentationModel.init) == [order])
    }

    @Test("each speed costs what the policy says, untaxed", arguments: [
        (ShipmentSpeed.standard, Int64(500)), (.twoDay, 1500), (.oneDay, 2500),
    ])
    func shipping(speed: ShipmentSpeed, cost: Int64) throws {
        let order = try placed(place(orderRequest([item(syrup, 1)], speed: speed)))
        #expect(order.shipment.cost == cad(cost))
        #expect(order.tax == cad(162))
        #expect(order.orderTotal == cad(1250 + 162 + cost))
    }

    @Test("a tax tie rounds half to even, where half-up would differ", arguments: [
        // (price, tax): 50 × 13 % = 6.5 → 6; 1250 × 13 % = 162.5 → 162; 150 × 13 % = 19.5 → 20.
        (Int64(50), Int64(6)), (1250, 162), (150, 20), (1050, 136),
    ])
    func halfEvenTie(price: Int64, tax: Int64) throws {
        let products = InMemoryProductManager([product("p_x", "X", price)])
        let order = try placed(place(orderRequest([OrderCreateRequest.Item(productID: ProductID("p_x"), quantity: 1)]), products: products))
        #expect(order.tax == cad(tax))
        #expect(order.orderTotal == cad(price + tax + 500))
    }

    @Test("the tax rate comes from the policy")
    func configuredRate() throws {
        let policy = try OrderPolicy(taxRateBasisPoints: 500, shippingCosts: [.standard: 0])
        let order = try placed(place(orderRequest([item(keyboard, 1)]), policy: policy))
        #expect(order.tax == cad(645))
        #expect(order.orderTotal == cad(12900 + 645))
    }

    @Test("the largest allowed order (100 lines × 999 × the highest price, 100 % tax) is computed exactly")
    func largestOrder() throws {
        let max = Product.maximumPriceMinor
        let products = (0..<100).map { product("p_\($0)", "Product \($0)", max) }
        let request = orderRequest(products.map { item($0, 999) }, speed: .oneDay)
        let policy = try OrderPolicy(taxRateBasisPoints: 10_000, shippingCosts: [.oneDay: max])

        let order = try placed(place(request, products: InMemoryProductManager(products), policy: policy))

        let itemTotal = 100 * 999 * max
        #expect(order.lines.count == 100)
        #expect(order.lines.allSatisfy { $0.lineTotal == cad(999 * max) })
        #expect(order.itemTotal == cad(itemTotal))
        #expect(order.tax == cad(itemTotal))
        #expect(order.orderTotal == cad(itemTotal * 2 + max))
    }

    @Test("a total past the money type is a validation failure, not a crash, and nothing is stored")
    func overflow() {
        let products = InMemoryProductManager([product("p_huge", "Huge", Int64.max / 500)])
        let orders = InMemoryOrderManager()
        let events = place(orderRequest([OrderCreateRequest.Item(productID: ProductID("p_huge"), quantity: 999)]), products: products, orders: orders)
        #expect(events == [.validationFailures([OrderFieldFailure(pointer: "/items", rule: .totalTooLarge)])])
        #expect(orders.all.isEmpty)
    }

    @Test("duplicate lines of one product merge into its first line with the quantities summed")
    func duplicatesMerge() throws {
        let order = try placed(place(orderRequest([item(pens, 500), item(keyboard, 1), item(pens, 400)])))
        #expect(order.lines.map(\.productID) == [pens.id, keyboard.id])
        #expect(order.lines.map(\.quantity) == [900, 1])
        #expect(order.lines[0].lineTotal == cad(900 * 899))
    }

    @Test("duplicate lines summing past 999 are refused on each of their quantities")
    func duplicatesOverLimit() {
        let orders = InMemoryOrderManager()
        let events = place(orderRequest([item(pens, 500), item(keyboard, 1), item(pens, 500)]), orders: orders)
        #expect(events == [.validationFailures([
            OrderFieldFailure(pointer: "/items/0/quantity", rule: .combinedQuantityOutOfRange),
            OrderFieldFailure(pointer: "/items/2/quantity", rule: .combinedQuantityOutOfRange),
        ])])
        #expect(orders.all.isEmpty)
    }

    @Test("shipping to an own contact copies its address at order time")
    func shipToContact() throws {
        var friend = contact("c_7", first: "Grace", last: "Hopper")
        friend.address = PostalAddress(street: "2 Elm St", city: "Ottawa", postalCode: "K1A 0B1", country: "CA")
        var request = orderRequest([item(pens, 1)])
        request.shipmentAddress = nil
        request.shipToContactID = friend.id

        let order = try placed(place(request, contacts: InMemoryContactManager([friend])))

        #expect(order.shipmentAddress == friend.address)
        #expect(order.billingAddress == fullAddress)
    }

    @Test("another user's contact is refused exactly like a missing one, and nothing is stored")
    func othersContact() {
        var theirs = contact("c_8", first: "Bob", last: "B", owner: bob)
        theirs.address = fullAddress
        var request = orderRequest([item(pens, 1)])
        request.shipmentAddress = nil
        let orders = InMemoryOrderManager()

        request.shipToContactID = theirs.id
        let other = place(request, orders: orders, contacts: InMemoryContactManager([theirs]))
        request.shipToContactID = ContactID("c_missing")
        let missing = place(request, orders: orders, contacts: InMemoryContactManager([theirs]))

        #expect(other == [.contactNotFound(theirs.id)])
        #expect(missing == [.contactNotFound(ContactID("c_missing"))])
        #expect(orders.all.isEmpty)
    }

    @Test("a contact without a full address cannot be shipped to")
    func incompleteContact() {
        let friend = contact("c_7", first: "Grace", last: "Hopper")
        var request = orderRequest([item(pens, 1)])
        request.shipmentAddress = nil
        request.shipToContactID = friend.id
        #expect(place(request, contacts: InMemoryContactManager([friend]))
            == [.validationFailures([OrderFieldFailure(pointer: "/shipToContactId", rule: .contactAddressIncomplete)])])
    }

    @Test("an address and a contact to ship to at once are refused")
    func bothShipmentTargets() {
        var request = orderRequest([item(pens, 1)])
        request.shipToContactID = ContactID("c_1")
        #expect(place(request) == [.validationFailures([OrderFieldFailure(pointer: "/shipToContactId", rule: .conflictingShipmentAddress)])])
    }

    @Test("an order paid from an account is stored with that account and a new debit transaction id as its payment")
    func paidOrder() throws {
        var request = orderRequest([item(pens, 1)])
        request.payFromAccountID = "a_1"
        let orders = InMemoryOrderManager()
        let order = try placed(place(request, orders: orders))
        #expect(order.payment?.accountID == AccountID("a_1"))
        #expect(order.payment?.transactionID?.hasPrefix("t_") == true)
        #expect(orders.all.first?.payment == order.payment)
    }

    @Test("each payment refusal of storage is presented as such, and nothing is stored", arguments: [
        (OrderCreation.insufficientFunds, OrderOutputSpy.Event.insufficientFunds),
        (OrderCreation.paymentAccountNotFound, OrderOutputSpy.Event.paymentAccountNotFound("a_1")),
        (OrderCreation.paymentCurrencyMismatch, OrderOutputSpy.Event.paymentCurrencyMismatch),
    ])
    func paymentRefusals(refusal: OrderCreation, event: OrderOutputSpy.Event) {
        var request = orderRequest([item(pens, 1)])
        request.payFromAccountID = "a_1"
        let orders = InMemoryOrderManager()
        orders.paymentRefusal.withLock { $0 = refusal }
        #expect(place(request, orders: orders) == [event])
        #expect(orders.all.isEmpty)
    }

    @Test("an empty payFromAccountId is an account not found, without reaching storage")
    func emptyPaymentAccount() {
        var request = orderRequest([item(pens, 1)])
        request.payFromAccountID = ""
        let orders = InMemoryOrderManager()
        orders.failure.withLock { $0 = .failure("must not be reached") }
        #expect(place(request, orders: orders) == [.paymentAccountNotFound("")])
    }

    @Test("validation failures come before the payment refusal")
    func validationBeforePayment() {
        var request = orderRequest([item(pens, nil)])
        request.payFromAccountID = "a_1"
        #expect(place(request) == [.validationFailures([OrderFieldFailure(pointer: "/items/0/quantity", rule: .required)])])
    }

    @Test("storage trouble while storing is reported as such", arguments: [
        (GatewayError.unavailable("busy"), OrderOutputSpy.Event.storageUnavailable),
        (GatewayError.failure("disk"), OrderOutputSpy.Event.storageFailure),
    ])
    func storage(error: GatewayError, event: OrderOutputSpy.Event) {
        let orders = InMemoryOrderManager()
        orders.failure.withLock { $0 = error }
        #expect(place(orderRequest([item(pens, 1)]), orders: orders) == [event])
    }

    @Test("a catalog price in another currency than the policy's is the server's failure")
    func foreignPrice() {
        let products = InMemoryProductManager([Product(id: ProductID("p_usd"), name: "USD", price: Money(minor: 100, currency: .usd))])
        #expect(place(orderRequest([OrderCreateRequest.Item(productID: ProductID("p_usd"), quantity: 1)]), products: products) == [.storageFailure])
    }
}
