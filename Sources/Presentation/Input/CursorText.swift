import Domain
import Foundation

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

    /// A number part exactly as `String(_:)` wrote it (no sign, space or leading zero it would not
    /// write) and inside `range`; nil otherwise. `Int64(_:)` on text never traps: it answers nil
    /// past `Int64`'s range, and the range check keeps every later use in bounds.
    static func integer(_ part: String, in range: ClosedRange<Int64>) -> Int64? {
        guard part.utf8.count <= 20, let value = Int64(part), String(value) == part, range.contains(value) else { return nil }
        return value
    }

    /// A millisecond timestamp part this server can have issued (`UnixMilliseconds.issuable`).
    static func issuedDate(_ part: String) -> Date? {
        integer(part, in: UnixMilliseconds.issuable).map(UnixMilliseconds.date)
    }
}
