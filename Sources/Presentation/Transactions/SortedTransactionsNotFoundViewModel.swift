/// The clients' "nothing here" answer: `{"error": true, "reason": "Transactions are not found"}`.
public struct SortedTransactionsNotFoundViewModel: Equatable, Sendable {
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }
}

extension SortedTransactionsNotFoundViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.key("error")
        output.bool(true)
        output.field("reason", reason)
        output.endObject()
    }
}
