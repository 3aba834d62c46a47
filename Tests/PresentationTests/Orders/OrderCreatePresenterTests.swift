import Domain
import DomainTestSupport
import Foundation
import Presentation
import Testing

@Suite("OrderCreatePresenter")
struct OrderCreatePresenterTests {
    func presenter(_ spy: ViewModelOutputSpy<OrderViewModel>, _ language: Language = .en) -> OrderCreatePresenter {
        OrderCreatePresenter(
            useCase: OrderCreateUseCase(
                orders: UntouchableOrderManager(), products: UntouchableProductManager(), contacts: UntouchableContactManager(),
                policy: .standard, owner: Fixture.owner, clock: SystemClock(), ids: TimeOrderedIDGenerator()),
            output: spy, messages: Messages(language))
    }

    /// The format errors of a body, as `pointer code` lines.
    func formatErrors(_ body: JSONValue, _ language: Language = .en) throws -> [String] {
        let spy = ViewModelOutputSpy<OrderViewModel>()
        presenter(spy, language).eventCreate(body: body)
        guard case .malformed(let problem) = try #require(spy.shown.first) else {
            Issue.record("not malformed: \(spy.shown)")
            return []
        }
        #expect(problem.code == .malformedRequest)
        return problem.errors.map { "\($0.pointer ?? "-") \($0.code)" }
    }

    func items(_ quantities: [JSONValue]) -> JSONValue {
        .object(["items": .array(quantities.map { .object(["productId": .string("p_mouse"), "quantity": $0]) })])
    }

    @Test("a quantity that is not a positive integer is 'Quantity must be digits only' at its pointer", arguments: [
        JSONValue.number("-1"), .number("0"), .number("1.5"), .number("3.0"), .number("1e3"), .number("-0"), .string("3"), .bool(true),
        .array([]), .object([:]),
    ])
    func quantityFormat(quantity: JSONValue) throws {
        let spy = ViewModelOutputSpy<OrderViewModel>()
        presenter(spy).eventCreate(body: items([.number("1"), quantity]))
        let problem = try #require(spy.problem)
        #expect(problem.errors == [FieldErrorViewModel(pointer: "/items/1/quantity", code: .invalidFormat, detail: "Quantity must be digits only")])
    }

    @Test("the digits-only message is French for a French client")
    func quantityFrench() throws {
        let spy = ViewModelOutputSpy<OrderViewModel>()
        presenter(spy, .fr).eventCreate(body: items([.number("1.5")]))
        #expect(try #require(spy.problem).errors.map(\.detail) == ["La quantité ne doit contenir que des chiffres"])
    }

    @Test("wrong JSON types are reported at every level, each at its pointer")
    func wrongTypes() throws {
        #expect(try formatErrors(.array([])) == ["/ invalid_type"].map { $0.replacingOccurrences(of: "/ ", with: " ") })
        let errors = try formatErrors(.object([
            "customer": .string("Ada"), "billingAddress": .array([]), "shipmentAddress": .object(["city": .number("5")]),
            "shipToContactId": .bool(true), "shipmentMethod": .number("1"), "items": .object([:]), "payFromAccountId": .number("7"),
        ]))
        #expect(errors == [
            "/customer invalid_type", "/billingAddress invalid_type", "/shipmentAddress/city invalid_type", "/shipToContactId invalid_type",
            "/shipmentMethod invalid_type", "/items invalid_type", "/payFromAccountId invalid_type",
        ])
        #expect(try formatErrors(.object(["items": .array([.string("p_mouse"), .object(["productId": .number("1")])])])) == [
            "/items/0 invalid_type", "/items/1/productId invalid_type",
        ])
        #expect(try formatErrors(.object(["customer": .object(["firstName": .array([]), "email": .bool(false)])])) == [
            "/customer/firstName invalid_type", "/customer/email invalid_type",
        ])
    }

    @Test("an unknown shipment speed, a malformed email and malformed ids are format errors")
    func formats() throws {
        let errors = try formatErrors(.object([
            "customer": .object(["email": .string("not an email")]), "shipmentMethod": .string("overnight"),
            "shipToContactId": .string("c 1"), "payFromAccountId": .string("a/1"),
            "items": .array([.object(["productId": .string(String(repeating: "x", count: 5000)), "quantity": .number("1")])]),
        ]))
        #expect(errors == [
            "/customer/email invalid_email", "/shipToContactId invalid_id", "/shipmentMethod invalid_value", "/items/0/productId too_long",
            "/payFromAccountId invalid_id",
        ])
        #expect(try formatErrors(.object(["items": .array([.object(["productId": .string("p_é")])])])) == ["/items/0/productId invalid_id"])
    }

    @Test("ten thousand items are refused with one error, without reading any of them")
    func tooManyItems() throws {
        let body = JSONValue.object(["items": .array(Array(repeating: .object(["quantity": .number("-1")]), count: 10_000))])
        #expect(try formatErrors(body) == ["/items too_many_items"])
    }

    @Test("the use case's missing fields are worded by what each pointer names", arguments: [
        (Language.en, "Product must be entered", "Quantity must be entered"), (.fr, "Le produit doit être saisi", "La quantité doit être saisie"),
    ])
    func requiredWording(language: Language, product: String, quantity: String) throws {
        let spy = ViewModelOutputSpy<OrderViewModel>()
        presenter(spy, language).presentValidationFailures([
            OrderFieldFailure(pointer: "/items/0/productId", rule: .required), OrderFieldFailure(pointer: "/items/1/quantity", rule: .required),
            OrderFieldFailure(pointer: "/items/2/productId", rule: .unknownProduct),
        ])
        guard case .validation(let problem) = try #require(spy.shown.first) else { Issue.record("not validation"); return }
        #expect(problem.code == .validationFailed)
        #expect(problem.errors.map(\.pointer) == ["/items/0/productId", "/items/1/quantity", "/items/2/productId"])
        #expect(problem.errors.map(\.code) == [.required, .required, .unknownProduct])
        #expect(problem.errors[0].detail == product)
        #expect(problem.errors[1].detail == quantity)
    }

    @Test("every rule has its own code and an English sentence")
    func everyRule() throws {
        let rules: [OrderFieldFailure.Rule] = [
            .required, .invalidEmail, .noItems, .tooManyLines, .unknownProduct, .quantityOutOfRange, .combinedQuantityOutOfRange,
            .conflictingShipmentAddress, .contactAddressIncomplete, .totalTooLarge,
        ]
        let spy = ViewModelOutputSpy<OrderViewModel>()
        presenter(spy).presentValidationFailures(rules.map { OrderFieldFailure(pointer: "/items", rule: $0) })
        let problem = try #require(spy.problem)
        #expect(Set(problem.errors.map(\.code)).count == rules.count)
        #expect(problem.errors.first { $0.code == .quantityOutOfRange }?.detail == "Quantity must be from 1 to 999")
        #expect(problem.errors.first { $0.code == .tooManyLines }?.detail == "An order can have at most 100 lines")
    }

    @Test("payment refusals point at payFromAccountId: 422 insufficient_funds and currency_mismatch, 404 for an account not yours; a foreign contact is a 404 naming nothing")
    func refusals() throws {
        let spy = ViewModelOutputSpy<OrderViewModel>()
        let presenter = presenter(spy)
        presenter.presentInsufficientFunds()
        presenter.presentContactNotFound(ContactID("c_other"))
        presenter.presentPaymentCurrencyMismatch()
        presenter.presentPaymentAccountNotFound("a_other")
        guard case .validation(let payment) = spy.shown[0], case .notFound(let contact) = spy.shown[1],
            case .validation(let currency) = spy.shown[2], case .notFound(let account) = spy.shown[3]
        else {
            Issue.record("\(spy.shown)")
            return
        }
        #expect(payment.code == .insufficientFunds)
        #expect(payment.errors.map(\.pointer) == ["/payFromAccountId"])
        #expect(currency.code == .currencyMismatch)
        #expect(account.errors.map(\.pointer) == ["/payFromAccountId"])
        #expect(!account.detail.contains("a_other"))
        #expect(contact.code == .notFound)
        #expect(contact.errors.map(\.pointer) == ["/shipToContactId"])
        #expect(!contact.detail.contains("c_other"))
    }

    @Test("a placed order is shown with its shipment label and money in the client's language", arguments: [
        (Language.en, ShipmentSpeed.standard, "Standard Shipping", "$45.48", "$15.00"),
        (.en, .twoDay, "Two-Day Shipping", "$45.48", "$15.00"),
        (.en, .oneDay, "One-Day Shipping", "$45.48", "$15.00"),
        (.fr, .standard, "Livraison standard", "45,48\u{A0}$", "15,00\u{A0}$"),
        (.fr, .twoDay, "Livraison en deux jours", "45,48\u{A0}$", "15,00\u{A0}$"),
        (.fr, .oneDay, "Livraison en un jour", "45,48\u{A0}$", "15,00\u{A0}$"),
    ])
    func created(language: Language, speed: ShipmentSpeed, label: String, total: String, cost: String) throws {
        let spy = ViewModelOutputSpy<OrderViewModel>()
        presenter(spy, language).presentCreated(OrderFixture.order(speed: speed))
        guard case .viewModel(let order) = try #require(spy.shown.first) else { Issue.record("not created"); return }
        #expect(order.shipmentMethod.speed == speed.rawValue)
        #expect(order.shipmentMethod.label == label)
        #expect(order.shipmentMethod.cost.formatted == cost)
        #expect(order.orderTotal.formatted == total)
        #expect(order.orderTotal.minor == 4548)
        #expect(order.number == "SO-000123")
        #expect(order.etag == "\"1\"")
    }
}
