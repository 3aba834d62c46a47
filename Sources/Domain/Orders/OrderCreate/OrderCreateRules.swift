/// The rules an order request must satisfy before anything is priced or stored.
enum OrderCreateRules {
    /// What became of the contact named by `shipToContactId`.
    enum ContactLookup {
        case notAsked
        case missing
        case found(Contact)
    }

    /// The address parts every billing and shipment address needs.
    static let requiredAddressParts = ["street", "city", "postalCode", "country"]

    /// Every failure of `request`, in request order: customer, addresses, shipment, then each
    /// line's product and quantity.
    ///
    /// - Parameters:
    ///   - catalog: the products the request's ids name that exist.
    ///   - contact: the `shipToContactId` lookup.
    static func failures(
        of request: OrderCreateRequest, policy: OrderPolicy, catalog: [ProductID: Product], contact: ContactLookup
    ) -> [OrderFieldFailure] {
        var failures: [OrderFieldFailure] = []
        func fail(_ pointer: String, _ rule: OrderFieldFailure.Rule) {
            failures.append(OrderFieldFailure(pointer: pointer, rule: rule))
        }
        if isBlank(request.firstName) { fail("/customer/firstName", .required) }
        if isBlank(request.lastName) { fail("/customer/lastName", .required) }
        for (pointer, name) in [("/customer/firstName", request.firstName), ("/customer/lastName", request.lastName)] {
            if let name, !VisibleText.isVisibleName(name) { fail(pointer, .invisibleCharacters) }
        }
        if let email = request.email, !email.isEmpty {
            switch EmailRule.failure(of: email) {
            case .invisibleCharacters?: fail("/customer/email", .invisibleCharacters)
            case .nonASCIIDomain?: fail("/customer/email", .nonASCIIDomain)
            case .implausible?: fail("/customer/email", .invalidEmail)
            case nil: break
            }
        } else {
            fail("/customer/email", .required)
        }
        failures += addressFailures(request.billingAddress, at: "/billingAddress")
        switch (request.shipmentAddress, request.shipToContactID) {
        case (.some, .some): fail("/shipToContactId", .conflictingShipmentAddress)
        case (.some(let address), .none): failures += addressFailures(address, at: "/shipmentAddress")
        case (.none, .some):
            if case .found(let found) = contact, !isComplete(found.address) { fail("/shipToContactId", .contactAddressIncomplete) }
        case (.none, .none): fail("/shipmentAddress", .required)
        }
        if request.shipmentSpeed == nil { fail("/shipmentMethod", .required) }
        failures += itemFailures(request.items, policy: policy, catalog: catalog)
        return failures
    }

    /// The lines to look products up for: none when the line count is already refused.
    static func checkableItems(_ items: [OrderCreateRequest.Item]?, policy: OrderPolicy) -> [OrderCreateRequest.Item] {
        guard let items, items.count <= policy.maximumLines else { return [] }
        return items
    }

    /// The requested lines with one line per product, in order of first appearance, quantities
    /// summed. Only meaningful once `failures` found nothing.
    static func mergedLines(_ items: [OrderCreateRequest.Item]) -> [(productID: ProductID, quantity: Int)] {
        var merged: [(productID: ProductID, quantity: Int)] = []
        var positions: [ProductID: Int] = [:]
        for item in items {
            guard let productID = item.productID, let quantity = item.quantity else { continue }
            if let position = positions[productID] {
                // Saturating: a quantity too large for Int reads as Int.max (OrderInputConverter), and
                // the rules refuse any sum past maximumQuantity before an order is priced.
                let (sum, overflow) = merged[position].quantity.addingReportingOverflow(quantity)
                merged[position].quantity = overflow ? .max : sum
            } else {
                positions[productID] = merged.count
                merged.append((productID, quantity))
            }
        }
        return merged
    }

    private static func itemFailures(
        _ items: [OrderCreateRequest.Item]?, policy: OrderPolicy, catalog: [ProductID: Product]
    ) -> [OrderFieldFailure] {
        guard let items else { return [OrderFieldFailure(pointer: "/items", rule: .required)] }
        guard !items.isEmpty else { return [OrderFieldFailure(pointer: "/items", rule: .noItems)] }
        // 10 000 lines must not become 20 000 failures: the count is the one thing to fix first.
        guard items.count <= policy.maximumLines else { return [OrderFieldFailure(pointer: "/items", rule: .tooManyLines)] }
        let allowed = 1...policy.maximumQuantity
        var combined: [ProductID: Int] = [:]
        var lineCounts: [ProductID: Int] = [:]
        for item in items {
            guard let productID = item.productID, let quantity = item.quantity, allowed.contains(quantity) else { continue }
            combined[productID, default: 0] += quantity
            lineCounts[productID, default: 0] += 1
        }
        var failures: [OrderFieldFailure] = []
        for (index, item) in items.enumerated() {
            let pointer = "/items/\(index)"
            if let productID = item.productID, !productID.rawValue.isEmpty {
                if catalog[productID] == nil {
                    failures.append(OrderFieldFailure(pointer: pointer + "/productId", rule: .unknownProduct))
                }
            } else {
                failures.append(OrderFieldFailure(pointer: pointer + "/productId", rule: .required))
            }
            guard let quantity = item.quantity else {
                failures.append(OrderFieldFailure(pointer: pointer + "/quantity", rule: .required))
                continue
            }
            if !allowed.contains(quantity) {
                failures.append(OrderFieldFailure(pointer: pointer + "/quantity", rule: .quantityOutOfRange))
            } else if let productID = item.productID, lineCounts[productID, default: 0] > 1,
                combined[productID, default: 0] > policy.maximumQuantity
            {
                failures.append(OrderFieldFailure(pointer: pointer + "/quantity", rule: .combinedQuantityOutOfRange))
            }
        }
        return failures
    }

    private static func addressFailures(_ address: PostalAddress?, at pointer: String) -> [OrderFieldFailure] {
        guard let address else { return [OrderFieldFailure(pointer: pointer, rule: .required)] }
        return requiredAddressParts.filter { isBlank(part($0, of: address)) }.map {
            OrderFieldFailure(pointer: pointer + "/" + $0, rule: .required)
        }
    }

    static func isComplete(_ address: PostalAddress) -> Bool {
        requiredAddressParts.allSatisfy { !isBlank(part($0, of: address)) }
    }

    private static func part(_ name: String, of address: PostalAddress) -> String? {
        switch name {
        case "street": address.street
        case "city": address.city
        case "postalCode": address.postalCode
        case "country": address.country
        default: nil
        }
    }

    /// The Presenter trims; an empty string is as good as none.
    private static func isBlank(_ text: String?) -> Bool {
        text?.isEmpty ?? true
    }
}
