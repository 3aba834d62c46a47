import Domain

/// One row of the order list: `{id, number, placedAt, customerName, email, orderTotal, status}`.
public struct OrderListItemViewModel: Equatable, Sendable {
    public let id: String
    public let number: String
    public let placedAt: String
    public let customerName: String
    public let email: String
    public let orderTotal: MoneyViewModel
    public let status: String

    public init(_ order: OrderSummaryPresentationModel, language: Language) {
        id = order.id.rawValue
        number = order.number.rawValue
        placedAt = Timestamp.format(order.placedAt)
        customerName = ContactNaming.contactName(firstName: order.customerFirstName, lastName: order.customerLastName)
        email = order.email
        orderTotal = MoneyViewModel(order.orderTotal, language: language)
        status = order.status.rawValue
    }
}

extension OrderListItemViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.field("id", id)
        output.field("number", number)
        output.field("placedAt", placedAt)
        output.field("customerName", customerName)
        output.field("email", email)
        output.field("orderTotal", orderTotal)
        output.field("status", status)
        output.endObject()
    }
}
