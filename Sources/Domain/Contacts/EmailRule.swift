/// `local@domain.tld`, no spaces, one `@`: what every mailer accepts, without chasing RFC 5322.
public enum EmailRule {
    /// Works on Unicode scalars (as the OpenAPI pattern does): Characters would let a combining
    /// mark hide the `@` or a dot, and a prepended mark hide a space.
    public static func isPlausible(_ email: String) -> Bool {
        let scalars = Array(email.unicodeScalars)
        guard !scalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) else { return false }
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
