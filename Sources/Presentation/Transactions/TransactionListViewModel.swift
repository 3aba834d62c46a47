/// A page of an account's transactions, and beside it what the account's pending transfers hold
/// (no row shows that yet): `{items, nextCursor, pending, message?}`.
public struct TransactionListViewModel: Equatable, Sendable {
    public let page: PageViewModel<TransactionViewModel>
    public let pending: MoneyViewModel

    public init(page: PageViewModel<TransactionViewModel>, pending: MoneyViewModel) {
        self.page = page
        self.pending = pending
    }
}

/// The list's one encoding: the page's, with `pending` after `nextCursor`.
extension TransactionListViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.key("items")
        output.beginArray()
        for item in page.items { item.write(to: &output) }
        output.endArray()
        output.field("nextCursor", page.nextCursor)
        output.field("pending", pending)
        if let message = page.message { output.field("message", message) }
        output.endObject()
    }
}
