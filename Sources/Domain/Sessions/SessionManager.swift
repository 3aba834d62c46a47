import Foundation

/// The sessions of every user.
public protocol SessionManager: Sendable {
    /// Stores a new session.
    func insert(_ session: Session) throws

    /// The session with this token digest, active or not.
    func fetch(tokenDigest: String) throws -> Session?

    /// Marks the session revoked; false when there was no active one.
    func revoke(tokenDigest: String, at: Date) throws -> Bool

    /// Revokes every active session of the user; returns how many.
    func revokeAll(userID: UserID, at: Date) throws -> Int
}
