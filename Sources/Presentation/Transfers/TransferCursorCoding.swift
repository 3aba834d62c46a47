import Domain
import Foundation

/// Opaque cursors of the sender's history: base64url of a version tag, the creation time in
/// milliseconds (storage's precision) and the id of a page's last transfer.
enum TransferCursorCoding {
    static func encode(_ cursor: TransferCursor) -> String {
        let milliseconds = Int64((cursor.createdAt.timeIntervalSince1970 * 1000).rounded())
        return CursorText.encode("t1\u{1F}\(milliseconds)\u{1F}\(cursor.id.rawValue)")
    }

    /// Nil for anything this server did not hand out.
    static func decode(_ text: String) -> TransferCursor? {
        guard let parts = CursorText.decode(text, tag: "t1", parts: 3), parts[1].utf8.count <= 20, let milliseconds = Int64(parts[1]),
            IDFormat.isValid(parts[2])
        else { return nil }
        return TransferCursor(createdAt: Date(timeIntervalSince1970: Double(milliseconds) / 1000), id: TransferID(parts[2]))
    }
}
