import Domain

/// Opaque account-list cursors: base64url of a version tag, the creation time in milliseconds
/// (storage's precision) and the id.
public enum AccountCursorCoding {
    public static func encode(_ cursor: AccountCursor) -> String {
        CursorText.encode(tag: "a1", [String(UnixMilliseconds.from(cursor.createdAt)), cursor.id.rawValue])
    }

    /// Nil for anything this server did not hand out, a time outside `UnixMilliseconds.issuable`
    /// included.
    public static func decode(_ text: String) -> AccountCursor? {
        guard let parts = CursorText.decode(text, tag: "a1", parts: 3), let createdAt = CursorText.issuedDate(parts[1]),
            IDFormat.isValid(parts[2])
        else { return nil }
        return AccountCursor(createdAt: createdAt, id: AccountID(parts[2]))
    }
}
