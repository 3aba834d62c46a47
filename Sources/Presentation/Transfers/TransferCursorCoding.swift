import Domain

/// Opaque cursors of the sender's history: base64url of a version tag, the creation time in
/// milliseconds (storage's precision) and the id of a page's last transfer.
enum TransferCursorCoding {
    static func encode(_ cursor: TransferCursor) -> String {
        CursorText.encode(tag: "t1", [String(UnixMilliseconds.from(cursor.createdAt)), cursor.id.rawValue])
    }

    /// Nil for anything this server did not hand out, a time outside `UnixMilliseconds.issuable`
    /// included.
    static func decode(_ text: String) -> TransferCursor? {
        guard let parts = CursorText.decode(text, tag: "t1", parts: 3), let createdAt = CursorText.issuedDate(parts[1]),
            IDFormat.isValid(parts[2])
        else { return nil }
        return TransferCursor(createdAt: createdAt, id: TransferID(parts[2]))
    }
}
