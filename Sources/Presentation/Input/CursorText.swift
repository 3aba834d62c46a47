import Domain

/// The envelope of the opaque list cursors: base64url (no padding) of U+001F-separated parts, the
/// first a version tag.
///
/// The parts are ids, digits, dates and sort names, which never hold control characters (the
/// input rules refuse them), so U+001F can separate them.
enum CursorText {
    private static let separator: Character = "\u{1F}"

    static func encode(_ raw: String) -> String {
        Base64URL.encode(raw.utf8)
    }

    /// `tag` and `parts` joined by the separator, then encoded.
    static func encode(tag: String, _ parts: [String]) -> String {
        encode(([tag] + parts).joined(separator: String(separator)))
    }

    /// The parts (the tag first) after checking the tag and count; nil for anything else.
    static func decode(_ text: String, tag: String, parts count: Int) -> [String]? {
        guard !text.isEmpty, text.utf8.count <= 2048, let bytes = Base64URL.decode(text) else { return nil }
        // One leading byte-order mark is skipped, as `String(data:encoding: .utf8)` skipped it
        // before: no cursor taken then is refused now.
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard let raw = String(validating: bytes[start...], as: UTF8.self) else { return nil }
        let parts = raw.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == count, parts[0] == tag else { return nil }
        return parts
    }
}
