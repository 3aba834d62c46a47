/// A transaction as use cases report it: the amount as unsigned `Money`, unformatted.
public struct TransactionPresentationModel: Equatable, Sendable {
    public let id: TransactionID
    public let group: TransactionGroup
    public let date: CalendarDate
    public let description: String
    public let amount: Money
    public let direction: TransactionDirection

    public init(_ transaction: Transaction, currency: Currency) {
        id = transaction.id
        group = transaction.group
        date = transaction.date
        description = transaction.description
        amount = Money(minor: transaction.amount, currency: currency)
        direction = transaction.direction
    }
}
