/// What an id of ours can look like, whatever it names (an account, a contact, a transfer or
/// draft, an order, a product: `c_…`, `p_…`, `o_…`): 1–64 of `A–Z a–z 0–9 _ -`. Anything else is
/// refused before storage is asked; the one syntax also checks ids in cursors and in options
/// (`--public-report-account`).
public enum IDFormat {
    /// The longest id, in bytes.
    public static let maximumLength = 64

    /// Whether `text` is an id's syntax (not whether that id exists).
    public static func isValid(_ text: String) -> Bool {
        let bytes = text.utf8
        return !bytes.isEmpty && bytes.count <= maximumLength
            && bytes.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F || $0 == 0x2D }
    }
}
