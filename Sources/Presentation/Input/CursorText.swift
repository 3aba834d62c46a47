import Foundation

/// The envelope of the opaque list cursors: base64url (no padding) of U+001F-separated parts, the
/// first a version tag.
enum CursorText {
    static func encode(_ raw: String) -> String {
        Data(raw.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The parts after checking the tag and count; nil for anything else.
    static func decode(_ text: String, tag: String, parts count: Int) -> [String]? {
        guard !text.isEmpty, text.utf8.count <= 2048 else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let raw = String(data: data, encoding: .utf8) else { return nil }
        let parts = raw.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == count, parts[0] == tag else { return nil }
        return parts
    }
}
