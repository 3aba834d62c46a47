/// Slow, salted password hashing with its parameters kept beside the hash.
public protocol PasswordHasher: Sendable {
    /// An encoded hash of `password` with a fresh salt.
    func hash(_ password: String) throws -> String
    /// Whether `password` matches `encoded`; false for anything malformed.
    func verify(_ password: String, against encoded: String) -> Bool
    /// Spends the same time as a real verification, for unknown emails.
    func verifyDummy(_ password: String)
}

/// A newly issued bearer token: shown once to the client; only its digest is stored.
public struct IssuedToken: Equatable, Sendable {
    public let token: String
    public let digest: String

    public init(token: String, digest: String) {
        self.token = token
        self.digest = digest
    }
}

/// Makes bearer tokens and recognizes their digests.
public protocol TokenIssuer: Sendable {
    /// A fresh token from the system CSPRNG.
    func issue() -> IssuedToken
    /// The digest of a presented token; nil when it cannot be one of ours (wrong length or
    /// alphabet), so junk never reaches storage.
    func digest(of token: String) -> String?
}
