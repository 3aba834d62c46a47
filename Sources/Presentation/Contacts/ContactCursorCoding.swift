import Domain

/// Opaque list cursors (`CursorText`): a version tag, the sort name and the id.
public enum ContactCursorCoding {
    public static func encode(_ cursor: ContactCursor) -> String {
        CursorText.encode(tag: "c1", [cursor.sortName, cursor.id.rawValue])
    }

    /// Nil for anything this server did not hand out.
    public static func decode(_ text: String) -> ContactCursor? {
        guard let parts = CursorText.decode(text, tag: "c1", parts: 3), IDFormat.isValid(parts[2]) else { return nil }
        return ContactCursor(sortName: parts[1], id: ContactID(parts[2]))
    }
}
