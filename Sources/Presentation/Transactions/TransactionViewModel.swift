import Domain

/// A transaction on the wire: the unsigned amount as Money, the direction as a word, and for
/// people the date formatted and the amount signed (a debit negative) in the client's language.
public struct TransactionViewModel: Equatable, Sendable {
    public let id: String
    public let group: String
    public let date: String
    /// `date` for people, e.g. `Apr 02, 2016` / `02 avr. 2016`.
    public let dateFormatted: String
    public let description: String
    public let amount: MoneyViewModel
    public let direction: String
    /// `amount` with the direction as its sign: `-$3.11` for a debit, `$3.11` for a credit.
    public let signedAmount: MoneyViewModel

    public init(_ transaction: TransactionPresentationModel, language: Language) {
        id = transaction.id.rawValue
        group = transaction.group.rawValue
        date = transaction.date.description
        dateFormatted = DateFormatting.date(transaction.date, language: language)
        description = transaction.description
        amount = MoneyViewModel(transaction.amount, language: language)
        direction = transaction.direction.rawValue
        signedAmount = MoneyViewModel(Self.signed(transaction.amount, transaction.direction), language: language)
    }

    /// A debit's amount negated; amounts are stored positive, so the negation cannot overflow, and
    /// if one ever could the unsigned amount is shown rather than trapping.
    private static func signed(_ amount: Money, _ direction: TransactionDirection) -> Money {
        guard direction == .debit else { return amount }
        let (negated, overflow) = Int64(0).subtractingReportingOverflow(amount.minor)
        return overflow ? amount : Money(minor: negated, currency: amount.currency)
    }
}

extension TransactionViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.field("id", id)
        output.field("group", group)
        output.field("date", date)
        output.field("dateFormatted", dateFormatted)
        output.field("description", description)
        output.key("amount")
        amount.write(to: &output)
        output.field("direction", direction)
        output.field("signedAmount", signedAmount)
        output.endObject()
    }
}
