import Domain
import Foundation

/// `OutboxManager` on either gateway. Only the lease differs between engines (`leaseDue`):
/// PostgreSQL skips rows another instance has locked (`FOR UPDATE SKIP LOCKED`), SQLite has one
/// writer and no such clause.
public struct SQLOutboxManager<Database: SQLDatabase>: OutboxManager {
    static var events: String {
        "SELECT \(StoredEventRow.columns) FROM events WHERE user_id = ?1 AND position > ?2 ORDER BY position LIMIT ?3"
    }
    static var lastPosition: String { "SELECT last_event_position FROM users WHERE id = ?1" }
    /// Oldest first by `created_at`, so `events_created` finds the batch: ordered by `seq`, SQLite
    /// walked the whole table in key order looking for rows old enough, and in the usual case of
    /// none, every five minutes it read all of them (61 million instructions at 1 M events).
    static var purgeEvents: String {
        "DELETE FROM events WHERE seq IN (SELECT seq FROM events WHERE created_at < ?1 ORDER BY created_at LIMIT ?2)"
    }
    /// The due messages a lease takes, oldest first; `?1` now, `?2` how many, `?3` the owner,
    /// `?4` the lease's end. `lockClause` follows the selection's `LIMIT`. The selection is a
    /// common table expression, run once: as an `IN (subquery)`, PostgreSQL may run the
    /// subquery again when it rechecks a row another worker just changed, and so hand one
    /// message to two workers (seen: 23 messages sent for 20 by two instances).
    static func leaseDue(lockClause: String) -> String {
        """
        WITH due AS (
            SELECT id AS due_id FROM mail_messages
            WHERE state = 'queued' AND next_attempt_at <= ?1 AND (lease_until IS NULL OR lease_until <= ?1)
            ORDER BY next_attempt_at, id LIMIT ?2\(lockClause)
        )
        UPDATE mail_messages SET lease_owner = ?3, lease_until = ?4, attempts = attempts + 1
        FROM due WHERE mail_messages.id = due.due_id AND mail_messages.state = 'queued'
        RETURNING \(MailRecordRow.columns)
        """
    }
    /// Whether anything is due: a read, so the worker's idle polls (every second, on every
    /// instance) take no write transaction.
    static var anyDue: String {
        "SELECT 1 FROM mail_messages WHERE state = 'queued' AND next_attempt_at <= ?1 AND (lease_until IS NULL OR lease_until <= ?1) LIMIT 1"
    }
    static var finish: String {
        """
        UPDATE mail_messages SET state = ?3, last_error = ?4, next_attempt_at = ?5, lease_owner = NULL, lease_until = NULL,
            finished_at = CASE WHEN ?3 = 'queued' THEN NULL ELSE CAST(?6 AS BIGINT) END,
            secret = CASE WHEN ?3 = 'queued' THEN secret ELSE NULL END
        WHERE id = ?1 AND lease_owner = ?2
        """
    }
    static var releaseAll: String { "UPDATE mail_messages SET lease_owner = NULL, lease_until = NULL WHERE lease_owner IS NOT NULL" }
    static var recent: String { "SELECT \(MailRecordRow.columns) FROM mail_messages ORDER BY created_at DESC, id DESC LIMIT ?1" }
    static var purgeMail: String {
        """
        DELETE FROM mail_messages WHERE id IN (
            SELECT id FROM mail_messages WHERE state <> 'queued' AND created_at < ?1 ORDER BY created_at LIMIT ?2)
        """
    }

    private let database: Database
    private let leaseDue: String

    /// The outbox on `database`, whose lease ends its selection with `SQLDialect.leaseLock`.
    public init(database: Database) {
        self.database = database
        leaseDue = Self.leaseDue(lockClause: Database.dialect.leaseLock)
    }

    public func events(of user: UserID, after position: Int64, limit: Int) throws -> [StoredEvent] {
        try database.rows(Self.events, [.text(user.rawValue), .integer(position), .integer(Int64(limit))], StoredEventRow.event)
    }

    public func lastPosition(of user: UserID) throws -> Int64? {
        try database.first(Self.lastPosition, [.text(user.rawValue)]) { $0.int64(at: 0) }
    }

    public func purgeEvents(createdBefore date: Date, limit: Int) throws -> Int {
        try database.change(Self.purgeEvents, [.integer(Milliseconds.from(date)), .integer(Int64(limit))])
    }

    public func leaseDueMail(owner: String, now: Date, until: Date, limit: Int) throws -> [MailRecord] {
        guard try database.first(Self.anyDue, [.integer(Milliseconds.from(now))], { _ in true }) == true else { return [] }
        return try GatewayError.mapping {
            try database.write { connection in
                try connection.rows(
                    leaseDue, [.integer(Milliseconds.from(now)), .integer(Int64(limit)), .text(owner), .integer(Milliseconds.from(until))],
                    MailRecordRow.record)
            }
        }
    }

    public func finishAttempt(id: String, owner: String, state: MailState, error: String?, nextAttemptAt: Date, at date: Date) throws -> Bool {
        try database.change(Self.finish, [
            .text(id), .text(owner), .text(state.rawValue), error.map { .text($0) } ?? .null, .integer(Milliseconds.from(nextAttemptAt)),
            .integer(Milliseconds.from(date)),
        ]) == 1
    }

    public func releaseAllLeases() throws -> Int {
        try database.change(Self.releaseAll, [])
    }

    public func recentMail(limit: Int) throws -> [MailRecord] {
        try database.rows(Self.recent, [.integer(Int64(limit))], MailRecordRow.record)
    }

    public func purgeMail(createdBefore date: Date, limit: Int) throws -> Int {
        try database.change(Self.purgeMail, [.integer(Milliseconds.from(date)), .integer(Int64(limit))])
    }
}
