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

    /// Deletes at most `limit` sessions expired at `date`, revoked or not, and returns how many:
    /// an expired token is refused whether or not its row is kept, so the row is only weight.
    /// A bounded batch keeps each delete a short write; the caller repeats while batches fill.
    func purge(expiredAt date: Date, limit: Int) throws -> Int
}
