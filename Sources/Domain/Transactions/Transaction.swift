/// One card transaction of an account, as the processor reported it.
public struct Transaction: Equatable, Sendable {
    public var id: TransactionID
    public var accountID: AccountID
    public var group: TransactionGroup
    public var direction: TransactionDirection
    /// The day the processor dated it.
    public var date: CalendarDate
    public var description: String
    /// Unsigned, in minor units of the account's currency; `direction` carries the sign.
    public var amount: Int64
    /// Storage's insertion order, which breaks ties between transactions of one date; nil until stored.
    public var sequence: Int64?

    public init(
        id: TransactionID, accountID: AccountID, group: TransactionGroup, direction: TransactionDirection, date: CalendarDate,
        description: String, amount: Int64, sequence: Int64? = nil
    ) {
        self.id = id
        self.accountID = accountID
        self.group = group
        self.direction = direction
        self.date = date
        self.description = description
        self.amount = amount
        self.sequence = sequence
    }

    /// The amount as the banking report signs it: debits positive, credits negative.
    public var reportAmount: Int64 {
        direction == .debit ? amount : -amount
    }
}
