/// The "place order" event: checks every field and rule, prices the order from the catalog,
/// stores it with its lines in one transaction, reports it.
public struct OrderCreateTransformer {
    private let orders: any OrderManager
    private let products: any ProductManager
    private let contacts: any ContactManager
    private let policy: OrderPolicy
    private let clock: any Clock
    private let ids: any IDGenerator

    public init(
        orders: any OrderManager, products: any ProductManager, contacts: any ContactManager, policy: OrderPolicy,
        clock: any Clock, ids: any IDGenerator
    ) {
        self.orders = orders
        self.products = products
        self.contacts = contacts
        self.policy = policy
        self.clock = clock
        self.ids = ids
    }

    /// Duplicate lines of one product are merged into one line (first position, quantities
    /// summed); their sum must stay within `policy.maximumQuantity`.
    public func transform(_ request: OrderCreateRequest, owner: UserID, output: any OrderCreateUseCaseOutput) {
        do {
            let items = OrderCreateRules.checkableItems(request.items, policy: policy)
            let wanted = Set(items.compactMap(\.productID).filter { !$0.rawValue.isEmpty })
            let catalog = wanted.isEmpty ? [:] : try products.fetch(ids: wanted)
            let contact = try lookUpContact(request, owner: owner)
            let failures = OrderCreateRules.failures(of: request, policy: policy, catalog: catalog, contact: contact)
            guard failures.isEmpty else {
                output.presentValidationFailures(failures)
                return
            }
            // Everything below was checked present by the rules.
            guard let firstName = request.firstName, let lastName = request.lastName, let email = request.email,
                let billingAddress = request.billingAddress, let speed = request.shipmentSpeed
            else { return output.presentInternalInconsistency("an order request passed validation without a required customer field") }
            let shipmentAddress: PostalAddress
            switch (request.shipmentAddress, contact) {
            case (.some(let address), _): shipmentAddress = address
            case (.none, .found(let found)): shipmentAddress = found.address
            case (.none, .missing):
                if let id = request.shipToContactID { output.presentContactNotFound(id) }
                return
            case (.none, .notAsked):
                return output.presentInternalInconsistency("an order request passed validation with neither a shipment address nor a contact")
            }
            let requested = OrderCreateRules.mergedLines(items).compactMap { line in
                catalog[line.productID].map { (product: $0, quantity: line.quantity) }
            }
            let totals: OrderTotals
            do {
                totals = try OrderTotals(lines: requested, speed: speed, policy: policy)
            } catch .overflow {
                output.presentValidationFailures([OrderFieldFailure(pointer: "/items", rule: .totalTooLarge)])
                return
            } catch {
                // A catalog price in another currency is the catalog's fault, not the client's.
                output.presentStorageFailure()
                return
            }
            var payment: OrderPayment?
            if let accountID = request.payFromAccountID {
                guard !accountID.isEmpty else { return output.presentPaymentAccountNotFound(accountID) }
                payment = OrderPayment(accountID: AccountID(accountID), transactionID: ids.makeID(prefix: "t_"))
            }
            let order = NewOrder(
                id: OrderID(ids.makeID(prefix: "o_")), ownerID: owner, placedAt: clock.now(),
                customer: Customer(firstName: firstName, lastName: lastName, email: email, phone: request.phone.flatMap { $0.isEmpty ? nil : $0 }),
                billingAddress: billingAddress, shipmentAddress: shipmentAddress,
                shipment: ShipmentMethod(speed: speed, cost: totals.shipping), lines: totals.lines, itemTotal: totals.itemTotal,
                tax: totals.tax, orderTotal: totals.orderTotal, payment: payment)
            switch try orders.create(order) {
            case .created(let stored): output.presentCreated(OrderPresentationModel(stored))
            case .paymentAccountNotFound: output.presentPaymentAccountNotFound(payment?.accountID.rawValue ?? "")
            case .paymentCurrencyMismatch: output.presentPaymentCurrencyMismatch()
            case .insufficientFunds: output.presentInsufficientFunds()
            }
        } catch {
            output.presentStorage(error)
        }
    }

    /// The contact to ship to, when the request names one instead of giving an address.
    private func lookUpContact(_ request: OrderCreateRequest, owner: UserID) throws -> OrderCreateRules.ContactLookup {
        guard request.shipmentAddress == nil, let id = request.shipToContactID else { return .notAsked }
        return try contacts.fetch(id: id, owner: owner).map { .found($0) } ?? .missing
    }
}
