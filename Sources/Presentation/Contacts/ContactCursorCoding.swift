import Domain
import Foundation

/// Opaque list cursors: base64url of a version tag, the sort name and the id.
///
/// Field values never hold control characters (the input rules refuse them), so U+001F can
/// separate the parts.
public enum ContactCursorCoding {
    private static let separator: Character = "\u{1F}"

    public static func encode(_ cursor: ContactCursor) -> String {
        let raw = "c1\(separator)\(cursor.sortName)\(separator)\(cursor.id.rawValue)"
        return Data(raw.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Nil for anything this server did not hand out.
    public static func decode(_ text: String) -> ContactCursor? {
        guard !text.isEmpty, text.utf8.count <= 2048 else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let raw = String(data: data, encoding: .utf8) else { return nil }
        let parts = raw.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "c1", ContactIDFormat.isValid(String(parts[2])) else { return nil }
        return ContactCursor(sortName: String(parts[1]), id: ContactID(String(parts[2])))
    }
}
