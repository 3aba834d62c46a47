import Domain

/// Opaque transaction-list cursors: base64url of a version tag, the date and the insertion order.
public enum TransactionCursorCoding {
    /// The insertion orders storage hands out: row ids and identity values start at 1, and no
    /// table reaches 2^53 rows (the largest integer every JSON client reads exactly).
    static let issuableSequences: ClosedRange<Int64> = 1...((1 << 53) - 1)

    public static func encode(_ cursor: TransactionCursor) -> String {
        CursorText.encode(tag: "t1", [cursor.date.description, String(cursor.sequence)])
    }

    /// Nil for anything this server did not hand out, a sequence below 1 included.
    public static func decode(_ text: String) -> TransactionCursor? {
        guard let parts = CursorText.decode(text, tag: "t1", parts: 3), let date = CalendarDate(parts[1]),
            let sequence = CursorText.integer(parts[2], in: issuableSequences)
        else { return nil }
        return TransactionCursor(date: date, sequence: sequence)
    }
}
