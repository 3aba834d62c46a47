import Domain
import Foundation

/// Order list cursors: the sort key (Unix milliseconds or minor units) and id of the last order
/// of a page, opaque to clients.
enum OrderCursorCoding {
    static let tag = "o1"

    static func encode(_ cursor: OrderCursor) -> String {
        switch cursor.key {
        case .placedAt(let date):
            CursorText.encode(tag: tag, ["placedAt", String(Int64((date.timeIntervalSince1970 * 1000).rounded())), cursor.id.rawValue])
        case .orderTotal(let minor):
            CursorText.encode(tag: tag, ["orderTotal", String(minor), cursor.id.rawValue])
        }
    }

    /// Nil for anything this server did not hand out.
    static func decode(_ text: String) -> OrderCursor? {
        guard let parts = CursorText.decode(text, tag: tag, parts: 4), parts[2].utf8.count <= 20, let value = Int64(parts[2]),
            IDFormat.isValid(parts[3])
        else { return nil }
        let id = OrderID(parts[3])
        switch parts[1] {
        case "placedAt": return OrderCursor(key: .placedAt(Date(timeIntervalSince1970: Double(value) / 1000)), id: id)
        case "orderTotal": return OrderCursor(key: .orderTotal(minor: value), id: id)
        default: return nil
        }
    }
}
