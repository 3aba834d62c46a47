import Domain

/// An order on the wire, every key always present (absent values as `null`); money formatted
/// and dates formatted, the status and the shipment labelled in the client's language.
public struct OrderViewModel: Equatable, Sendable {
    /// Who the order is for.
    public struct Customer: Equatable, Sendable {
        public let firstName: String
        public let lastName: String
        public let email: String
        public let phone: String?
    }

    /// `{speed, label, cost}`.
    public struct Shipment: Equatable, Sendable {
        public let speed: String
        public let label: String
        public let cost: MoneyViewModel
    }

    /// `{accountId, transactionId}`.
    public struct Payment: Equatable, Sendable {
        public let accountId: String
        public let transactionId: String?
    }

    public let id: String
    public let number: String
    public let status: String
    /// The status in words, e.g. `Placed` / `Passée`.
    public let statusLabel: String
    public let placedAt: String
    /// `placedAt` for people, e.g. `Nov 22, 2026, 10:15 UTC`.
    public let placedAtFormatted: String
    public let cancelledAt: String?
    public let cancelledAtFormatted: String?
    public let customer: Customer
    public let billingAddress: AddressViewModel
    public let shipmentAddress: AddressViewModel
    public let shipmentMethod: Shipment
    public let items: [OrderLineViewModel]
    public let itemTotal: MoneyViewModel
    public let tax: MoneyViewModel
    public let orderTotal: MoneyViewModel
    public let payment: Payment?
    /// The `ETag` header value; not part of the body.
    public let etag: String

    public init(_ order: OrderPresentationModel, messages: Messages) {
        let language = messages.language
        id = order.id.rawValue
        number = order.number.rawValue
        status = order.status.rawValue
        statusLabel = OrderStatusLabels.label(order.status, messages: messages)
        placedAt = Timestamp.format(order.placedAt)
        placedAtFormatted = DateFormatting.instant(order.placedAt, language: language)
        cancelledAt = order.cancelledAt.map(Timestamp.format)
        cancelledAtFormatted = order.cancelledAt.map { DateFormatting.instant($0, language: language) }
        customer = Customer(
            firstName: order.customer.firstName, lastName: order.customer.lastName, email: order.customer.email, phone: order.customer.phone)
        billingAddress = AddressViewModel(order.billingAddress)
        shipmentAddress = AddressViewModel(order.shipmentAddress)
        shipmentMethod = Shipment(
            speed: order.shipment.speed.rawValue, label: ShipmentLabels.label(order.shipment.speed, messages: messages),
            cost: MoneyViewModel(order.shipment.cost, language: language))
        items = order.lines.map { OrderLineViewModel($0, language: language) }
        itemTotal = MoneyViewModel(order.itemTotal, language: language)
        tax = MoneyViewModel(order.tax, language: language)
        orderTotal = MoneyViewModel(order.orderTotal, language: language)
        payment = order.payment.map { Payment(accountId: $0.accountID.rawValue, transactionId: $0.transactionID) }
        etag = OrderETag.format(version: order.version)
    }
}

/// The order's one encoding, hand-written like the contact's.
extension OrderViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.field("id", id)
        output.field("number", number)
        output.field("status", status)
        output.field("statusLabel", statusLabel)
        output.field("placedAt", placedAt)
        output.field("placedAtFormatted", placedAtFormatted)
        output.field("cancelledAt", cancelledAt)
        output.field("cancelledAtFormatted", cancelledAtFormatted)
        output.key("customer")
        output.beginObject()
        output.field("firstName", customer.firstName)
        output.field("lastName", customer.lastName)
        output.field("email", customer.email)
        output.field("phone", customer.phone)
        output.endObject()
        output.field("billingAddress", billingAddress)
        output.field("shipmentAddress", shipmentAddress)
        output.key("shipmentMethod")
        output.beginObject()
        output.field("speed", shipmentMethod.speed)
        output.field("label", shipmentMethod.label)
        output.field("cost", shipmentMethod.cost)
        output.endObject()
        output.key("items")
        output.beginArray()
        for item in items { item.write(to: &output) }
        output.endArray()
        output.field("itemTotal", itemTotal)
        output.field("tax", tax)
        output.field("orderTotal", orderTotal)
        output.key("payment")
        if let payment {
            output.beginObject()
            output.field("accountId", payment.accountId)
            output.field("transactionId", payment.transactionId)
            output.endObject()
        } else {
            output.null()
        }
        output.endObject()
    }
}
