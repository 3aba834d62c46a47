import Foundation

/// A person with an account; owns every resource they create.
public struct User: Equatable, Sendable {
    public var id: UserID
    public var name: String
    /// Normalized: trimmed and lowercased (`EmailAddress.normalize`).
    public var email: String
    /// The KDF's output with its parameters, as the `PasswordHasher` encoded it.
    public var passwordHash: String
    public var createdAt: Date

    public init(id: UserID, name: String, email: String, passwordHash: String, createdAt: Date) {
        self.id = id
        self.name = name
        self.email = email
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }
}
