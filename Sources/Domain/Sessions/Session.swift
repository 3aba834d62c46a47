import Foundation

/// A bearer token's server side: only the token's digest is stored, never the token.
public struct Session: Equatable, Sendable {
    /// SHA-256 of the token, lowercase hex.
    public var tokenDigest: String
    public var userID: UserID
    public var createdAt: Date
    public var expiresAt: Date
    public var revokedAt: Date?

    public init(tokenDigest: String, userID: UserID, createdAt: Date, expiresAt: Date, revokedAt: Date? = nil) {
        self.tokenDigest = tokenDigest
        self.userID = userID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
    }

    /// Usable at `now`: not revoked, not expired.
    public func isActive(at now: Date) -> Bool {
        revokedAt == nil && now < expiresAt
    }
}
