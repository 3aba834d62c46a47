import Domain
import Foundation
import SQLRows

/// Counts attempts in a sliding window in the `login_attempts` table, so the login and
/// registration limits hold across every instance on one database; the same answers as
/// `InMemoryAttemptCounter`, because both decide with `AttemptDecision`.
///
/// A reservation is one transaction: it creates the rows of its keys that do not exist yet
/// (`INSERT … ON CONFLICT DO NOTHING`), locks every one of them (`SELECT … FOR UPDATE`, in one
/// order), decides on the attempts still in the window, and writes each key's attempts back. Two
/// instances reserving for a shared key at once are thus serialized by its row, so a burst gets
/// at most a limit's attempts and passes a pause one at a time. When the attempt must wait the
/// transaction is rolled back, so no key is taken and no empty row is left.
///
/// When the database fails, the counter fails open: `reserve` answers nil and a release goes
/// unrecorded. A counter that cannot count cannot tell an attacker from a user, and failing
/// closed would turn a database blip into a 429 for every login in the cluster. Open costs
/// little: the login itself needs the database (the user's row) and fails with 503 while it is
/// down, each guess still pays the password KDF, and counting resumes as soon as the database
/// answers. The error is not lost: `PostgresDatabase` reports every failed read or write to its
/// error handler, which logs it.
public final class PostgresAttemptCounter: AttemptCounter {
    static let store = "UPDATE login_attempts SET attempt_limit = $3, attempted_at = $4::bigint[] WHERE scope = $1 AND subject = $2"
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

    /// The statement that creates, empty, the rows of `count` keys ($1… in threes: scope,
    /// subject, limit) that do not exist yet, so that every key has a row to lock.
    static func create(keys count: Int) -> String {
        let rows = (0..<count).map { index in
            "($\(1 + 3 * index), $\(2 + 3 * index), $\(3 + 3 * index)::integer, '{}'::bigint[])"
        }
        return """
            INSERT INTO login_attempts (scope, subject, attempt_limit, attempted_at)
            VALUES \(rows.joined(separator: ", "))
            ON CONFLICT (scope, subject) DO NOTHING
            """
    }

    /// The statement that locks the rows of `count` keys ($2… in twos: scope, subject) and reads
    /// each one's attempts after $1, oldest first.
    static func lock(keys count: Int) -> String {
        let condition = (0..<count).map { "(scope = $\(2 + 2 * $0) AND subject = $\(3 + 2 * $0))" }.joined(separator: " OR ")
        return """
            SELECT scope, subject, array_to_string(ARRAY(SELECT a FROM unnest(attempted_at) AS a WHERE a > $1 ORDER BY a), ',')
            FROM login_attempts WHERE \(condition) ORDER BY scope, subject FOR UPDATE
            """
    }

    /// Thrown inside the reservation's transaction to roll it back when the attempt must wait.
    private struct Wait: Error {
        var milliseconds: Int64
    }

    public func reserve(_ limits: [AttemptLimit], pacing: AttemptPacing?, window: TimeInterval, now date: Date) -> Int? {
        let keys = AttemptDecision.keys(limits: limits, pacing: pacing)
        guard !keys.isEmpty else { return nil }
        let now = UnixMilliseconds.from(date)
        let window = AttemptDecision.milliseconds(window)
        let (since, overflow) = now.subtractingReportingOverflow(window)
        guard !overflow else { return nil }
        // The most attempts each key keeps: what its row's attempt_limit records.
        func kept(_ key: AttemptKey) -> Int {
            limits.first { $0.key == key }?.maximum ?? (pacing?.key == key ? pacing?.keptAttempts ?? 1 : 1)
        }
        var created: [SQLValue] = []
        var locked: [SQLValue] = [.integer(since)]
        for key in keys {
            created += [.text(key.scope), .text(key.subject), .integer(Int64(kept(key)))]
            locked += [.text(key.scope), .text(key.subject)]
        }
        do {
            try database.write { connection in
                try connection.statement(Self.create(keys: keys.count)).run(created)
                var recent: [AttemptKey: [Int64]] = [:]
                for (key, times) in try connection.statement(Self.lock(keys: keys.count)).rows(locked, { row in
                    (AttemptKey(scope: row.string(at: 0) ?? "", subject: row.string(at: 1) ?? ""), row.string(at: 2) ?? "")
                }) {
                    recent[key] = times.split(separator: ",").compactMap { Int64($0) }
                }
                if let wait = AttemptDecision.wait(limits: limits, pacing: pacing, recent: recent, now: now, window: window) {
                    throw Wait(milliseconds: wait)
                }
                for (key, times) in AttemptDecision.taking(limits: limits, pacing: pacing, recent: recent, now: now) {
                    let array = "{" + times.map(String.init).joined(separator: ",") + "}"
                    try connection.statement(Self.store).run([.text(key.scope), .text(key.subject), .integer(Int64(kept(key))), .text(array)])
                }
            }
        } catch let wait as Wait {
            return RetryAfter.seconds(Double(wait.milliseconds) / 1000)
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
        purge(since: UnixMilliseconds.from(now) - AttemptDecision.milliseconds(window))
    }

    @discardableResult
    private func purge(since: Int64) -> Int {
        (try? database.write { connection in try connection.statement(Self.purge).run([.integer(since)]) }) ?? 0
    }

    private func purgeWhenDue(since: Int64) {
        if cadence.isDue() { purge(since: since) }
    }
}
