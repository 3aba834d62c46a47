import Domain

/// One transaction in the existing report clients' shape: `{group: "A"|"P", date:
/// "YYYY-MM-DDT00:00:00Z", description, amount: "3.11", debit: "D"|"C"}`.
///
/// That wire format predates this server; its amount is unsigned with the currency's decimals and
/// a `.` whatever the client's language, since the clients parse it.
public struct SortedTransactionViewModel: Equatable, Sendable {
    public let group: String
    public let date: String
    public let description: String
    public let amount: String
    public let debit: String

    public init(_ transaction: TransactionPresentationModel) {
        group = transaction.group == .authorized ? "A" : "P"
        date = "\(transaction.date)T00:00:00Z"
        description = transaction.description
        amount = ReportFormatting.amount(transaction.amount, language: .en)
        debit = transaction.direction == .debit ? "D" : "C"
    }
}

extension SortedTransactionViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.field("group", group)
        output.field("date", date)
        output.field("description", description)
        output.field("amount", amount)
        output.field("debit", debit)
        output.endObject()
    }
}
