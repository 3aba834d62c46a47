import Foundation

/// The one spelling of an email address the system stores and looks up.
public enum EmailAddress {
    /// Trimmed, lowercased and in Unicode NFC, so `é` typed two ways is one address.
    public static func normalize(_ email: String) -> String {
        email.trimmingWhitespace().lowercased().precomposedStringWithCanonicalMapping
    }
}
