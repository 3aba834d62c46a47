import Domain

/// Order list cursors: the sort key (Unix milliseconds or minor units) and id of the last order
/// of a page, opaque to clients.
enum OrderCursorCoding {
    static let tag = "o1"

    static func encode(_ cursor: OrderCursor) -> String {
        switch cursor.key {
        case .placedAt(let date):
            CursorText.encode(tag: tag, ["placedAt", String(UnixMilliseconds.from(date)), cursor.id.rawValue])
        case .orderTotal(let minor):
            CursorText.encode(tag: tag, ["orderTotal", String(minor), cursor.id.rawValue])
        }
    }

    /// Nil for anything this server did not hand out: a time outside `UnixMilliseconds.issuable`
    /// or a total outside `OrderPolicy.issuableTotalsMinor` included.
    static func decode(_ text: String) -> OrderCursor? {
        guard let parts = CursorText.decode(text, tag: tag, parts: 4), IDFormat.isValid(parts[3]) else { return nil }
        let id = OrderID(parts[3])
        switch parts[1] {
        case "placedAt":
            return CursorText.issuedDate(parts[2]).map { OrderCursor(key: .placedAt($0), id: id) }
        case "orderTotal":
            guard let minor = CursorText.integer(parts[2], in: OrderPolicy.issuableTotalsMinor) else { return nil }
            return OrderCursor(key: .orderTotal(minor: minor), id: id)
        default:
            return nil
        }
    }
}
