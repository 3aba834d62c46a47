/// A page of an account's transactions: `{"items": [...], "nextCursor": ... | null}`, plus a
/// localized `message` on an empty first page.
public struct TransactionListViewModel: Equatable, Sendable {
    public let items: [TransactionViewModel]
    public let nextCursor: String?
    public let message: String?

    public init(items: [TransactionViewModel], nextCursor: String?, message: String?) {
        self.items = items
        self.nextCursor = nextCursor
        self.message = message
    }
}

extension TransactionListViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.key("items")
        output.beginArray()
        for item in items { item.write(to: &output) }
        output.endArray()
        output.field("nextCursor", nextCursor)
        if let message { output.field("message", message) }
        output.endObject()
    }
}
