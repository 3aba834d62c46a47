/// Slow, salted password hashing with its parameters kept beside the hash.
public protocol PasswordHasher: Sendable {
    /// An encoded hash of `password` with a fresh salt.
    func hash(_ password: String) throws -> String
    /// Whether `password` matches `encoded`; false for anything malformed.
    func verify(_ password: String, against encoded: String) -> Bool
    /// Spends the same time as a real verification, for unknown emails.
    func verifyDummy(_ password: String)
}
