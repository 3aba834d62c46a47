/// `local@domain.tld`, no spaces, one `@`: what every mailer accepts, without chasing RFC 5322.
///
/// The domain is ASCII only: an internationalized domain is typed in its `xn--` form. Accepting
/// Unicode domains would need IDNA's mapping (UTS #46), which Foundation lacks on Linux, to make
/// `bücher.example` and `xn--bcher-kva.example` one address; without it they would be two users
/// and a lookup by one would miss the other. One spelling per domain is the simplest sound rule.
public enum EmailRule {
    /// Why an address is refused, the most useful reason first.
    public enum Failure: Sendable, Equatable {
        /// A code point that shows nothing or reorders what is shown (`VisibleText`).
        case invisibleCharacters
        /// A domain with a code point beyond ASCII.
        case nonASCIIDomain
        /// Not `local@domain.tld` (`isPlausible`).
        case implausible
    }

    /// Why `email` cannot be an address, or nil when it can.
    public static func failure(of email: String) -> Failure? {
        if !VisibleText.isVisibleEmail(email) { return .invisibleCharacters }
        if let at = email.unicodeScalars.lastIndex(of: "@"), email.unicodeScalars[at...].contains(where: { !$0.isASCII }) {
            return .nonASCIIDomain
        }
        return isPlausible(email) ? nil : .implausible
    }

    /// Works on Unicode scalars (as the OpenAPI pattern does): Characters would let a combining
    /// mark hide the `@` or a dot, and a prepended mark hide a space.
    public static func isPlausible(_ email: String) -> Bool {
        let scalars = Array(email.unicodeScalars)
        // ASCII's whitespace is its controls 0x09–0x0D and the space: no property lookup for it.
        guard !scalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == " " || (!$0.isASCII && $0.properties.isWhitespace) })
        else { return false }
        let parts = scalars.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let local = parts.first, let domain = parts.last,
            !local.isEmpty, local.count <= 64, domain.count <= 253
        else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { label in
            guard let first = label.first, let last = label.last else { return false }
            return first != "-" && last != "-"
        }
    }
}
