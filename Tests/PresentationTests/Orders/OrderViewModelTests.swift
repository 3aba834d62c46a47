import Domain
import Presentation
import Testing

/// The order's hand-written encodings, checked against the exact documents a client receives.
@Suite("order JSON documents")
struct OrderViewModelTests {
    func written(_ value: some JSONWritable) -> String {
        var output = JSONOutput()
        value.write(to: &output)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    @Test("an order is written with every key in order, nested objects, and null for what is absent")
    func order() {
        #expect(written(OrderViewModel(OrderFixture.order(), messages: Messages(.en))) == """
            {"id":"o_1","number":"SO-000123","status":"placed","statusLabel":"Placed","placedAt":"2026-11-18T11:06:40Z",\
            "placedAtFormatted":"Nov 18, 2026, 11:06 UTC","cancelledAt":null,"cancelledAtFormatted":null,\
            "customer":{"firstName":"Ada","lastName":"Lovelace","email":"ada@example.com","phone":null},\
            "billingAddress":{"street":"1 Main St","street2":null,"city":"Toronto","province":"ON","postalCode":"M5V 1A1","country":"CA"},\
            "shipmentAddress":{"street":"1 Main St","street2":null,"city":"Toronto","province":"ON","postalCode":"M5V 1A1","country":"CA"},\
            "shipmentMethod":{"speed":"twoDay","label":"Two-Day Shipping","cost":{"minor":1500,"currency":"CAD","formatted":"$15.00"}},\
            "items":[{"productId":"p_pen_set","name":"Gel Pen Set (12)","quantity":3,\
            "unitPrice":{"minor":899,"currency":"CAD","formatted":"$8.99"},"lineTotal":{"minor":2697,"currency":"CAD","formatted":"$26.97"}}],\
            "itemTotal":{"minor":2697,"currency":"CAD","formatted":"$26.97"},"tax":{"minor":351,"currency":"CAD","formatted":"$3.51"},\
            "orderTotal":{"minor":4548,"currency":"CAD","formatted":"$45.48"},"payment":null}
            """)
    }

    @Test("a cancelled order carries cancelledAt and its bumped ETag")
    func cancelled() {
        let order = OrderViewModel(OrderFixture.order(status: .cancelled, version: 2), messages: Messages(.fr))
        #expect(order.cancelledAt == "2026-11-18T11:06:40Z")
        #expect(order.status == "cancelled")
        #expect(order.etag == "\"2\"")
        #expect(written(order).contains(#""label":"Livraison en deux jours""#))
    }

    @Test("an order's status and dates are in words of the client's language, the machine values kept beside them")
    func statusAndDatesInWords() {
        let english = OrderViewModel(OrderFixture.order(), messages: Messages(.en))
        #expect(english.status == "placed")
        #expect(english.statusLabel == "Placed")
        #expect(english.placedAtFormatted == "Nov 18, 2026, 11:06 UTC")
        let french = OrderViewModel(OrderFixture.order(status: .cancelled, version: 2), messages: Messages(.fr))
        #expect(french.status == "cancelled")
        #expect(french.statusLabel == "Annulée")
        #expect(french.placedAtFormatted == "18 nov. 2026 à 11:06 UTC")
        #expect(french.cancelledAtFormatted == "18 nov. 2026 à 11:06 UTC")
        #expect(OrderViewModel(OrderFixture.order(status: .cancelled, version: 2), messages: Messages(.en)).statusLabel == "Cancelled")
        #expect(OrderViewModel(OrderFixture.order(), messages: Messages(.fr)).statusLabel == "Passée")
    }

    @Test("a list page has the summary fields, and a message only when empty")
    func list() {
        let summary = OrderSummaryPresentationModel(OrderSummary(
            id: OrderID("o_1"), number: OrderNumber(sequence: 7), status: .placed, placedAt: OrderFixture.placed,
            customer: Customer(firstName: "Ada", lastName: "Lovelace", email: "ada@example.com"), orderTotal: Money(minor: 4548, currency: .cad)))
        #expect(written(OrderListViewModel(items: [OrderListItemViewModel(summary, messages: Messages(.en))], nextCursor: "abc", message: nil)) == """
            {"items":[{"id":"o_1","number":"SO-000007","placedAt":"2026-11-18T11:06:40Z","placedAtFormatted":"Nov 18, 2026, 11:06 UTC",\
            "customerName":"Ada Lovelace","email":"ada@example.com","orderTotal":{"minor":4548,"currency":"CAD","formatted":"$45.48"},\
            "status":"placed","statusLabel":"Placed"}],"nextCursor":"abc"}
            """)
        #expect(written(OrderListViewModel(items: [], nextCursor: nil, message: "No orders found")) == """
            {"items":[],"nextCursor":null,"message":"No orders found"}
            """)
        let french = OrderListItemViewModel(summary, messages: Messages(.fr))
        #expect(french.placedAtFormatted == "18 nov. 2026 à 11:06 UTC")
        #expect(french.statusLabel == "Passée")
    }

    @Test("a product is written with its price")
    func product() {
        let product = ProductPresentationModel(Product(id: ProductID("p_mouse"), name: "Wireless Mouse", price: Money(minor: 3999, currency: .cad)))
        #expect(written(ProductViewModel(product, language: .fr)) == """
            {"id":"p_mouse","name":"Wireless Mouse","price":{"minor":3999,"currency":"CAD","formatted":"39,99\u{A0}$"}}
            """)
    }
}
