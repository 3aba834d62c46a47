import Domain

/// Opaque transaction-list cursors: base64url of a version tag, the date and the insertion order.
public enum TransactionCursorCoding {
    public static func encode(_ cursor: TransactionCursor) -> String {
        CursorText.encode("t1\u{1F}\(cursor.date)\u{1F}\(cursor.sequence)")
    }

    /// Nil for anything this server did not hand out.
    public static func decode(_ text: String) -> TransactionCursor? {
        guard let parts = CursorText.decode(text, tag: "t1", parts: 3), let date = CalendarDate(parts[1]), let sequence = Int64(parts[2]) else {
            return nil
        }
        return TransactionCursor(date: date, sequence: sequence)
    }
}
