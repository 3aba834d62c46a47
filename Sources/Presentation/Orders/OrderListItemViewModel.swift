import Domain

/// One row of the order list: `{id, number, placedAt, placedAtFormatted, customerName, email,
/// orderTotal, status, statusLabel}`.
public struct OrderListItemViewModel: Equatable, Sendable {
    public let id: String
    public let number: String
    public let placedAt: String
    public let placedAtFormatted: String
    public let customerName: String
    public let email: String
    public let orderTotal: MoneyViewModel
    public let status: String
    public let statusLabel: String

    public init(_ order: OrderSummaryPresentationModel, messages: Messages) {
        let language = messages.language
        id = order.id.rawValue
        number = order.number.rawValue
        placedAt = Timestamp.format(order.placedAt)
        placedAtFormatted = DateFormatting.instant(order.placedAt, language: language)
        customerName = ContactNaming.contactName(firstName: order.customerFirstName, lastName: order.customerLastName)
        email = order.email
        orderTotal = MoneyViewModel(order.orderTotal, language: language)
        status = order.status.rawValue
        statusLabel = OrderStatusLabels.label(order.status, messages: messages)
    }
}

extension OrderListItemViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.field("id", id)
        output.field("number", number)
        output.field("placedAt", placedAt)
        output.field("placedAtFormatted", placedAtFormatted)
        output.field("customerName", customerName)
        output.field("email", email)
        output.field("orderTotal", orderTotal)
        output.field("status", status)
        output.field("statusLabel", statusLabel)
        output.endObject()
    }
}
