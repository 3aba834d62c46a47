import Domain
import Foundation
import Synchronization

/// Counts failed logins in a sliding window in the `login_failures` table, so the limits hold
/// across every instance on one database; the same limits and answers as
/// `InMemoryLoginThrottle`.
///
/// When the database fails, the throttle fails open: `retryAfter` answers nil and a failure or
/// success goes unrecorded. A throttle that cannot count cannot tell an attacker from a user, and
/// failing closed would turn a database blip into a 429 for every login in the cluster, telling
/// users to wait for a limit they never reached. Open costs little: the login itself needs the
/// database (the user's row) and fails with 503 while it is down, each guess still pays the
/// password KDF, and the window resumes counting as soon as the database answers. The error
/// is not lost: `PostgresDatabase` reports every failed read or write to its error handler,
/// which logs it.
///
/// Like the in-memory throttle, checking and recording are separate steps: attempts that check
/// at the same moment may all pass before any failure is recorded, so a burst of concurrent
/// guesses can exceed a limit by at most the number of logins in flight at once.
public final class PostgresLoginThrottle: LoginThrottle {
    static let count = "SELECT count(*), min(failed_at) FROM login_failures WHERE scope = $1 AND subject = $2 AND failed_at > $3"
    static let insert = "INSERT INTO login_failures (scope, subject, failed_at) VALUES ('email', $1, $3), ('address', $2, $3)"
    static let clearEmail = "DELETE FROM login_failures WHERE scope = 'email' AND subject = $1"
    static let purge = "DELETE FROM login_failures WHERE failed_at <= $1"

    /// Failures this instance records between two purges of rows past the window; the first
    /// failure after start purges too, so a restarted fleet still cleans up.
    public static let purgeInterval = 100

    public let maxFailuresPerEmail: Int
    public let maxFailuresPerAddress: Int
    public let window: TimeInterval
    private let database: PostgresDatabase
    /// Failures recorded by this instance since its last purge.
    private let sincePurge = Mutex(0)

    public init(database: PostgresDatabase, maxFailuresPerEmail: Int = 5, maxFailuresPerAddress: Int = 20, window: TimeInterval = 15 * 60) {
        self.database = database
        self.maxFailuresPerEmail = maxFailuresPerEmail
        self.maxFailuresPerAddress = maxFailuresPerAddress
        self.window = window
    }

    public func retryAfter(email: String, address: String, now: Date) -> TimeInterval? {
        let nowMilliseconds = Milliseconds.from(now)
        let since = nowMilliseconds - windowMilliseconds
        let waits = try? database.read { connection in
            try [("email", email, maxFailuresPerEmail), ("address", address, maxFailuresPerAddress)].compactMap {
                scope, subject, limit -> TimeInterval? in
                let found = try connection.statement(Self.count).rows([.text(scope), .text(subject), .integer(since)]) { row in
                    (count: row.int(at: 0), oldest: row.isNull(at: 1) ? nil : row.int64(at: 1))
                }.first
                guard let found, found.count >= limit, let oldest = found.oldest else { return nil }
                // In whole milliseconds, as stored: a wait of exactly 30 s is not rounded up to 31.
                return Double(windowMilliseconds - (nowMilliseconds - oldest)) / 1000
            }
        }
        return waits?.max().map { max(1, $0.rounded(.up)) }
    }

    public func recordFailure(email: String, address: String, now: Date) {
        _ = try? database.write { connection in
            try connection.statement(Self.insert).run([.text(email), .text(address), .integer(Milliseconds.from(now))])
        }
        let due = sincePurge.withLock { count in
            defer { count = (count + 1) % Self.purgeInterval }
            return count == 0
        }
        if due {
            purge(now: now)
        }
    }

    public func recordSuccess(email: String, address: String) {
        _ = try? database.write { connection in
            try connection.statement(Self.clearEmail).run([.text(email)])
        }
    }

    /// Deletes the failures that no longer count at `now`, of every key; returns how many.
    /// `recordFailure` calls it every `purgeInterval` failures; its own transaction, so a purge
    /// that fails never loses the failure just recorded.
    @discardableResult
    public func purge(now: Date) -> Int {
        (try? database.write { connection in
            try connection.statement(Self.purge).run([.integer(Milliseconds.from(now) - windowMilliseconds)])
        }) ?? 0
    }

    private var windowMilliseconds: Int64 {
        Int64((window * 1000).rounded())
    }
}
