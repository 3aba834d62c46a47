import Domain
import Foundation

/// Opaque account-list cursors: base64url of a version tag, the creation time in milliseconds
/// (storage's precision) and the id.
public enum AccountCursorCoding {
    public static func encode(_ cursor: AccountCursor) -> String {
        let milliseconds = Int64((cursor.createdAt.timeIntervalSince1970 * 1000).rounded())
        return CursorText.encode("a1\u{1F}\(milliseconds)\u{1F}\(cursor.id.rawValue)")
    }

    /// Nil for anything this server did not hand out.
    public static func decode(_ text: String) -> AccountCursor? {
        guard let parts = CursorText.decode(text, tag: "a1", parts: 3), let milliseconds = Int64(parts[1]),
            AccountIDFormat.isValid(parts[2])
        else { return nil }
        return AccountCursor(createdAt: Date(timeIntervalSince1970: Double(milliseconds) / 1000), id: AccountID(parts[2]))
    }
}
