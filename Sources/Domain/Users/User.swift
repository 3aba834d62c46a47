import Foundation

/// A person with an account; owns every resource they create.
public struct User: Equatable, Sendable {
    public var id: UserID
    public var name: String
    /// Normalized (`EmailAddress.normalize`): the address the user holds, or, until they verify
    /// it, the one they registered with (claimed, not held).
    public var email: String
    /// The KDF's output with its parameters, as the `PasswordHasher` encoded it.
    public var passwordHash: String
    public var createdAt: Date
    /// When the user proved they read mail at `email`; nil until then. Only a verified user
    /// holds their address for good and can be paid through it.
    public var emailVerifiedAt: Date?

    public init(id: UserID, name: String, email: String, passwordHash: String, createdAt: Date, emailVerifiedAt: Date? = nil) {
        self.id = id
        self.name = name
        self.email = email
        self.passwordHash = passwordHash
        self.createdAt = createdAt
        self.emailVerifiedAt = emailVerifiedAt
    }

    /// Whether the address is proven theirs.
    public var isEmailVerified: Bool { emailVerifiedAt != nil }
}
