/// One row of a card-processor feed, converted to internal types.
public struct TransactionFeedRow: Equatable, Sendable {
    public var group: TransactionGroup
    public var date: CalendarDate
    public var description: String
    /// Unsigned minor units of the account's currency.
    public var amount: Int64
    public var direction: TransactionDirection

    public init(group: TransactionGroup, date: CalendarDate, description: String, amount: Int64, direction: TransactionDirection) {
        self.group = group
        self.date = date
        self.description = description
        self.amount = amount
        self.direction = direction
    }
}
