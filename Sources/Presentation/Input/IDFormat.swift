/// What an id of ours can look like (`c_…`, `p_…`, `o_…`): 1–64 of `A–Z a–z 0–9 _ -`.
/// Anything else is refused before storage is asked.
public enum IDFormat {
    public static let maximumLength = 64

    public static func isValid(_ text: String) -> Bool {
        let bytes = text.utf8
        return !bytes.isEmpty && bytes.count <= maximumLength
            && bytes.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F || $0 == 0x2D }
    }
}
