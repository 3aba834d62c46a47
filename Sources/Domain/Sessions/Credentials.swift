/// Slow, salted password hashing with its parameters kept beside the hash.
public protocol PasswordHasher: Sendable {
    /// An encoded hash of `password` with a fresh salt, under the current parameters.
    ///
    /// - Throws: `PasswordHashingBusy` when no hashing slot is free soon enough.
    func hash(_ password: String) throws -> String
    /// Whether `password` matches `encoded`; false for anything malformed.
    ///
    /// - Throws: `PasswordHashingBusy` when no hashing slot is free soon enough.
    func verify(_ password: String, against encoded: String) throws -> Bool
    /// Spends the same time as a real verification, for unknown emails.
    ///
    /// - Throws: `PasswordHashingBusy` when no hashing slot is free soon enough.
    func verifyDummy(_ password: String) throws
    /// Whether `encoded` was made with weaker parameters than `hash` uses now, so a successful
    /// login should store a new hash.
    func needsRehash(_ encoded: String) -> Bool
}

/// Every password-hashing slot is taken and the queue is full: the request is refused before any
/// memory is spent, and the client may retry after `retryAfter` seconds.
public struct PasswordHashingBusy: Error, Equatable, Sendable {
    public let retryAfter: Int

    public init(retryAfter: Int) {
        self.retryAfter = retryAfter
    }
}
