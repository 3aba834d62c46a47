import Domain

/// A page of accounts: `{"items": [...], "nextCursor": ... | null}`, plus a localized `message`
/// on an empty first page.
public struct AccountListViewModel: Equatable, Sendable {
    public let items: [AccountViewModel]
    public let nextCursor: String?
    public let message: String?

    public init(items: [AccountViewModel], nextCursor: String?, message: String?) {
        self.items = items
        self.nextCursor = nextCursor
        self.message = message
    }
}

extension AccountListViewModel: JSONWritable {
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
