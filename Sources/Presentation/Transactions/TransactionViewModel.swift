import Domain

/// A transaction on the wire: the unsigned amount as Money, the direction as a word.
public struct TransactionViewModel: Equatable, Sendable {
    public let id: String
    public let group: String
    public let date: String
    public let description: String
    public let amount: MoneyViewModel
    public let direction: String

    public init(_ transaction: TransactionPresentationModel, language: Language) {
        id = transaction.id.rawValue
        group = transaction.group.rawValue
        date = transaction.date.description
        description = transaction.description
        amount = MoneyViewModel(transaction.amount, language: language)
        direction = transaction.direction.rawValue
    }
}

extension TransactionViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.field("id", id)
        output.field("group", group)
        output.field("date", date)
        output.field("description", description)
        output.key("amount")
        amount.write(to: &output)
        output.field("direction", direction)
        output.endObject()
    }
}
