import Domain
import Foundation
import SQLRows

/// Counts attempts in a sliding window in the `login_attempts` table, so the login and
/// registration limits hold across every instance on one database; the same answers as
/// `InMemoryAttemptCounter`.
///
/// A reservation is one `INSERT … ON CONFLICT DO UPDATE … WHERE` over every key of the attempt:
/// the conflicting row is locked and re-read before the `WHERE` decides, so two instances
/// reserving for one key at once are serialized by the row, and a burst gets at most the
/// limit. When a key is full the transaction is rolled back, so no key is taken.
///
/// When the database fails, the counter fails open: `reserve` answers nil and a release goes
/// unrecorded. A counter that cannot count cannot tell an attacker from a user, and failing
/// closed would turn a database blip into a 429 for every login in the cluster. Open costs
/// little: the login itself needs the database (the user's row) and fails with 503 while it is
/// down, each guess still pays the password KDF, and counting resumes as soon as the database
/// answers. The error is not lost: `PostgresDatabase` reports every failed read or write to its
/// error handler, which logs it.
public final class PostgresAttemptCounter: AttemptCounter {
    static let window = "SELECT scope, subject, array_to_string(ARRAY(SELECT a FROM unnest(attempted_at) AS a WHERE a > $1 ORDER BY a), ',') FROM login_attempts WHERE "
    static let release = """
        UPDATE login_attempts
        SET attempted_at = attempted_at[:array_position(attempted_at, $3::bigint) - 1] || attempted_at[array_position(attempted_at, $3::bigint) + 1:]
        WHERE scope = $1 AND subject = $2 AND $3::bigint = ANY (attempted_at)
        """
    static let clear = "DELETE FROM login_attempts WHERE scope = $1 AND subject = $2"
    static let purge = "DELETE FROM login_attempts WHERE cardinality(attempted_at) = 0 OR attempted_at[cardinality(attempted_at)] <= $1"

    /// Reservations this instance makes between two purges of keys past their window; the first
    /// one after start purges too, so a restarted fleet still cleans up.
    public static let purgeInterval = 100

    private let database: PostgresDatabase
    /// When this instance's reservations are due to purge the keys past their window.
    private let cadence = PurgeCadence(every: purgeInterval)

    public init(database: PostgresDatabase) {
        self.database = database
    }

    /// The statement that takes one attempt at $1 under `count` keys ($3… in threes: scope,
    /// subject, limit), counting only attempts after $2; it returns the keys it took.
    static func reserve(keys count: Int) -> String {
        let rows = (0..<count).map { index in
            let base = 3 + 3 * index
            return "($\(base), $\(base + 1), $\(base + 2)::integer, ARRAY[$1::bigint])"
        }
        return """
            INSERT INTO login_attempts AS t (scope, subject, attempt_limit, attempted_at)
            VALUES \(rows.joined(separator: ", "))
            ON CONFLICT (scope, subject) DO UPDATE
            SET attempt_limit = EXCLUDED.attempt_limit,
                attempted_at = ARRAY(SELECT a FROM unnest(t.attempted_at) AS a WHERE a > $2 ORDER BY a) || $1::bigint
            WHERE (SELECT count(*) FROM unnest(t.attempted_at) AS a WHERE a > $2) < EXCLUDED.attempt_limit
            RETURNING t.scope, t.subject
            """
    }

    /// Thrown inside the reservation's transaction to roll it back when a key was full.
    private struct Full: Error {}

    public func reserve(_ limits: [AttemptLimit], window: TimeInterval, now: Date) -> Int? {
        guard !limits.isEmpty else { return nil }
        let nowMilliseconds = UnixMilliseconds.from(now)
        let windowMilliseconds = Self.milliseconds(window)
        let (since, overflow) = nowMilliseconds.subtractingReportingOverflow(windowMilliseconds)
        guard !overflow else { return nil }
        var values: [SQLValue] = [.integer(nowMilliseconds), .integer(since)]
        for limit in limits {
            values += [.text(limit.key.scope), .text(limit.key.subject), .integer(Int64(limit.maximum))]
        }
        do {
            try database.write { connection in
                let taken = try connection.statement(Self.reserve(keys: limits.count)).rows(values) { $0.string(at: 0) }
                guard taken.count == limits.count else { throw Full() }
            }
        } catch is Full {
            return wait(for: limits, since: since, now: nowMilliseconds, window: windowMilliseconds)
        } catch {
            return nil
        }
        purgeWhenDue(since: since)
        return nil
    }

    public func release(_ key: AttemptKey, takenAt now: Date) {
        _ = try? database.write { connection in
            try connection.statement(Self.release).run([.text(key.scope), .text(key.subject), .integer(UnixMilliseconds.from(now))])
        }
    }

    public func clear(_ key: AttemptKey) {
        _ = try? database.write { connection in
            try connection.statement(Self.clear).run([.text(key.scope), .text(key.subject)])
        }
    }

    /// Deletes the keys whose attempts all left the window ending at `now`; returns how many.
    /// `reserve` calls it every `purgeInterval` reservations, in its own transaction, so a purge
    /// that fails never loses the attempt just taken.
    @discardableResult
    public func purge(now: Date, window: TimeInterval) -> Int {
        purge(since: UnixMilliseconds.from(now) - Self.milliseconds(window))
    }

    @discardableResult
    private func purge(since: Int64) -> Int {
        (try? database.write { connection in try connection.statement(Self.purge).run([.integer(since)]) }) ?? 0
    }

    private func purgeWhenDue(since: Int64) {
        if cadence.isDue() { purge(since: since) }
    }

    /// The seconds until every full key of `limits` frees a slot, read after the refusal; in
    /// whole milliseconds as stored, so a wait of exactly 30 s is not rounded up to 31.
    private func wait(for limits: [AttemptLimit], since: Int64, now: Int64, window: Int64) -> Int {
        let condition = (0..<limits.count).map { "(scope = $\(2 + 2 * $0) AND subject = $\(3 + 2 * $0))" }.joined(separator: " OR ")
        var values: [SQLValue] = [.integer(since)]
        for limit in limits { values += [.text(limit.key.scope), .text(limit.key.subject)] }
        let rows = (try? database.read { connection in
            try connection.statement(Self.window + condition).rows(values) { row in
                (AttemptKey(scope: row.string(at: 0) ?? "", subject: row.string(at: 1) ?? ""), row.string(at: 2) ?? "")
            }
        }) ?? []
        var longest: Int64 = 0
        for (key, text) in rows {
            guard let limit = limits.first(where: { $0.key == key }) else { continue }
            let times = text.split(separator: ",").compactMap { Int64($0) }
            guard times.count >= limit.maximum else { continue }
            let oldestCounted = times[times.count - limit.maximum]
            longest = max(longest, window - (now - oldestCounted))
        }
        return RetryAfter.seconds(Double(longest) / 1000)
    }

    /// `interval` in whole milliseconds, clamped to a year: configuration, never a request value.
    private static func milliseconds(_ interval: TimeInterval) -> Int64 {
        guard interval.isFinite, interval > 0 else { return 0 }
        return interval >= 31_536_000 ? 31_536_000_000 : Int64((interval * 1000).rounded())
    }
}
