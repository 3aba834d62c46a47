import Foundation

/// Opaque list cursors: base64url of a version tag and text parts.
///
/// The parts are ids, digits and sort names, which never hold control characters, so U+001F
/// can separate them.
enum OpaqueCursor {
    private static let separator: Character = "\u{1F}"

    static func encode(tag: String, _ parts: [String]) -> String {
        let raw = ([tag] + parts).joined(separator: String(separator))
        return Data(raw.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The parts after `tag`, when `text` is a cursor with that tag and `count` parts.
    static func decode(_ text: String, tag: String, count: Int) -> [String]? {
        guard !text.isEmpty, text.utf8.count <= 2048 else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let raw = String(data: data, encoding: .utf8) else { return nil }
        let parts = raw.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == count + 1, parts[0] == tag else { return nil }
        return Array(parts.dropFirst())
    }
}
