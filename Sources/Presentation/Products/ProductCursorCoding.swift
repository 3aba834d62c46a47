import Domain

/// Catalog cursors: the name and id of the last product of a page, opaque to clients.
enum ProductCursorCoding {
    static let tag = "p1"

    static func encode(_ cursor: ProductCursor) -> String {
        CursorText.encode(tag: tag, [cursor.name, cursor.id.rawValue])
    }

    /// Nil for anything this server did not hand out.
    static func decode(_ text: String) -> ProductCursor? {
        guard let parts = CursorText.decode(text, tag: tag, parts: 3), IDFormat.isValid(parts[2]) else { return nil }
        return ProductCursor(name: parts[1], id: ProductID(parts[2]))
    }
}
