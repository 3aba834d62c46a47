/// The SQL texts of sessions, written once with `?N` placeholders (PostgreSQL's connection
/// numbers them its own way). Where a decision must hold against concurrent writers, the one
/// difference between the dialects is passed in: PostgreSQL locks the family it rotates
/// (`familyLock: " FOR UPDATE"`); SQLite has one writer.
public struct SessionStatements: Sendable {
    /// A session with every column.
    public static let insert = SessionRow.insert
    /// A session without refresh (registration's first), in the columns of every schema since 0002.
    public static let insertWithoutRefresh = SessionRow.insertWithoutRefresh
    /// The session of access token digest 1.
    public static let fetch = "SELECT \(SessionRow.columns) FROM sessions WHERE token_digest = ?1"
    /// Revokes the session whose access token digest is 1 at time 2. Of concurrent revokes of one
    /// session, from any processes, the later waits for the earlier's row lock (PostgreSQL) or
    /// its turn (SQLite), re-checks `revoked_at IS NULL` and changes nothing, so exactly one
    /// reports the revocation.
    public static let revoke = "UPDATE sessions SET revoked_at = ?2 WHERE token_digest = ?1 AND revoked_at IS NULL"
    /// Revokes the active sessions of user 1 at time 2 but the one of digest 3 ('' for none: no
    /// digest is empty), returning the revoked sessions' digests.
    public static let revokeAllBut = """
        UPDATE sessions SET revoked_at = ?2 WHERE user_id = ?1 AND revoked_at IS NULL AND expires_at > ?2 AND token_digest <> ?3
        RETURNING token_digest
        """
    /// Records use 2 and the new idle expiry 3 of digest 1, unless it was recorded after 4.
    public static let touch = """
        UPDATE sessions SET last_used_at = ?2, expires_at = ?3 WHERE token_digest = ?1 AND revoked_at IS NULL AND last_used_at <= ?4
        """
    /// Parameters: ?1 user, ?2 now, ?3 limit; `sessions_user` finds the user's rows.
    public static let list = """
        SELECT \(SessionRow.columns) FROM sessions WHERE user_id = ?1 AND revoked_at IS NULL AND expires_at > ?2
        ORDER BY COALESCE(last_used_at, created_at) DESC, token_digest LIMIT ?3
        """
    /// Moves a session to its rotated state: parameters `SessionRow.rotationValues`.
    public static let rotate = """
        UPDATE sessions SET token_digest = ?2, expires_at = ?3, access_expires_at = ?4, last_used_at = ?5, refresh_digest = ?6,
        previous_refresh_digest = ?7, rotated_at = ?8 WHERE token_digest = ?1
        """
    /// Sets the password hash of user 1 to 3 when it is 2.
    public static let updatePasswordHash = "UPDATE users SET password_hash = ?3 WHERE id = ?1 AND password_hash = ?2"
    /// Parameters: ?1 now, ?2 batch size; `sessions_expires` finds the batch.
    public static let purge = "DELETE FROM sessions WHERE token_digest IN (SELECT token_digest FROM sessions WHERE expires_at <= ?1 LIMIT ?2)"

    /// Deletes the expired stream tickets of session key 1 at time 2.
    public static let deleteExpiredTickets = "DELETE FROM event_tickets WHERE session_key = ?1 AND expires_at <= ?2"
    /// How many tickets session key 1 holds.
    public static let countTickets = "SELECT COUNT(*) FROM event_tickets WHERE session_key = ?1"
    /// A ticket: digest, user, session key, expiry, language.
    public static let insertTicket = "INSERT INTO event_tickets (digest, user_id, session_key, expires_at, language) VALUES (?1, ?2, ?3, ?4, ?5)"
    /// Uses up ticket 1: its user, session key, expiry and language.
    public static let redeemTicket = "DELETE FROM event_tickets WHERE digest = ?1 RETURNING user_id, session_key, expires_at, language"
    /// The end of the session of stream key 1 (refresh family or token digest), unless revoked or ended at time 2.
    public static let activeUntil = """
        SELECT expires_at FROM sessions WHERE (refresh_family = ?1 OR token_digest = ?1) AND revoked_at IS NULL AND expires_at > ?2
        ORDER BY expires_at DESC LIMIT 1
        """
    /// Parameters: ?1 now, ?2 batch size.
    public static let purgeTickets = "DELETE FROM event_tickets WHERE digest IN (SELECT digest FROM event_tickets WHERE expires_at <= ?1 LIMIT ?2)"

    /// Selects `SessionRow.columns` of the session whose `refresh_family` is parameter 1, locked
    /// as the dialect needs.
    public let fetchFamily: String
    /// Selects 1 for the session of stream key 1, locked as the dialect needs.
    public let lockStreamSession: String

    /// The texts of a dialect whose family read ends with `familyLock`.
    public init(familyLock: String) {
        fetchFamily = "SELECT \(SessionRow.columns) FROM sessions WHERE refresh_family = ?1\(familyLock)"
        lockStreamSession = "SELECT 1 FROM sessions WHERE refresh_family = ?1 OR token_digest = ?1\(familyLock)"
    }
}
