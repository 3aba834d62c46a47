import Domain
import Foundation

/// Strong entity tags made from a contact's version: `"7"`.
public enum ContactETag {
    public static func format(version: Int) -> String { "\"\(version)\"" }

    /// What an `If-Match` value asks for.
    public enum Condition: Equatable, Sendable {
        /// `*`: whatever is stored.
        case any
        case version(Int)
    }

    /// `*` or one strong entity tag of ours; nil for anything else (weak tags never match
    /// under `If-Match`'s strong comparison, so they are refused as malformed rather than
    /// silently failing).
    public static func parseIfMatch(_ value: String) -> Condition? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if trimmed == "*" { return .any }
        guard trimmed.count >= 3, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") else { return nil }
        // Entity tags compare as opaque strings: only the exact digits we send can match.
        let inner = trimmed.dropFirst().dropLast()
        guard (1...18).contains(inner.utf8.count), inner.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), inner.first != "0",
            let version = Int(inner)
        else { return nil }
        return .version(version)
    }
}
