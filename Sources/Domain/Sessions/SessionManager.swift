import Foundation

/// The sessions of every user.
public protocol SessionManager: Sendable {
    /// Stores a new session.
    func insert(_ session: Session) throws

    /// The session whose current access token has this digest, active or not.
    func fetch(tokenDigest: String) throws -> Session?

    /// Marks the session revoked; false when there was no active one.
    func revoke(tokenDigest: String, at: Date) throws -> Bool

    /// Revokes every active session of the user but the one whose access token has digest
    /// `keeping` (nil: every one), and returns the revoked sessions' access token digests, so
    /// the caller can drop them from its cache at once.
    func revokeAll(userID: UserID, at: Date, keeping: String?) throws -> [String]

    /// Applies a refresh to the session of `rotation.familyDigest` atomically: concurrent
    /// refreshes of one family, from any process, are decided one after the other, each on the
    /// session as the one before left it (`SessionRotation.decision(for:)`).
    func rotate(_ rotation: SessionRotation) throws -> SessionRotationResult

    /// Records a use at `date` and moves the session's end to `expiresAt`, if it was last used
    /// at or before `unusedSince` and is not revoked; false when nothing changed (another request
    /// or instance recorded a use meanwhile). At most one write per session per interval.
    func touch(tokenDigest: String, at date: Date, expiresAt: Date, unusedSince: Date) throws -> Bool

    /// The user's sessions active at `date` (not revoked, not expired), the most recently used
    /// first, at most `limit`.
    func list(userID: UserID, activeAt date: Date, limit: Int) throws -> [Session]

    /// Deletes at most `limit` sessions expired at `date`, revoked or not, and returns how many:
    /// an expired token is refused whether or not its row is kept, so the row is only weight.
    /// A bounded batch keeps each delete a short write; the caller repeats while batches fill.
    func purge(expiredAt date: Date, limit: Int) throws -> Int

    /// Stores `ticket` unless its session already holds `limit` tickets unexpired at `now`
    /// (false then, nothing stored).
    func insertEventTicket(_ ticket: EventTicket, limit: Int, at now: Date) throws -> Bool

    /// Deletes the ticket of `digest` and returns it when it was unexpired at `now`; nil when
    /// unknown, used or expired. Of two requests presenting one ticket, one gets it.
    func redeemEventTicket(digest: String, at now: Date) throws -> EventTicket?

    /// When the session of stream key `key` (`Session.streamKey`) ends, if it is neither revoked
    /// nor expired at `now`; nil otherwise.
    func sessionActiveUntil(key: String, at now: Date) throws -> Date?

    /// Deletes at most `limit` tickets expired at `date`.
    func purgeEventTickets(expiredAt date: Date, limit: Int) throws -> Int
}
