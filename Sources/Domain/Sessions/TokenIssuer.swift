/// Makes bearer tokens and recognizes their digests.
public protocol TokenIssuer: Sendable {
    /// A fresh token from the system CSPRNG.
    func issue() -> IssuedToken
    /// The digest of a presented token; nil when it cannot be one of ours (wrong length or
    /// alphabet), so junk never reaches storage.
    func digest(of token: String) -> String?
}
