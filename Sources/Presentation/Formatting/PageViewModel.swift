/// One page of any list on the wire: `{"items": [...], "nextCursor": ... | null}`, plus a
/// localized `message` on an empty first page. Every list endpoint has this shape; its items
/// are the feature's own view models.
public struct PageViewModel<Item: JSONWritable & Equatable & Sendable>: Equatable, Sendable {
    public let items: [Item]
    public let nextCursor: String?
    public let message: String?

    public init(items: [Item], nextCursor: String?, message: String?) {
        self.items = items
        self.nextCursor = nextCursor
        self.message = message
    }
}

/// The page's one encoding, hand-written like its items'.
extension PageViewModel: JSONWritable {
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
