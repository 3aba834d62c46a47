import Domain
import Foundation
import SQLRows

/// Counts the per-user rates in fixed windows in the `rate_windows` table (migration 0014), so a
/// user's budget holds across every instance on one database; the same answers as
/// `InMemoryRateWindowCounter`.
///
/// A request is counted by one `INSERT … ON CONFLICT DO UPDATE … WHERE … RETURNING`: the
/// conflicting row is locked and re-read before the `WHERE` decides, so a burst from several
/// instances gets at most the limit. Like `PostgresAttemptCounter`, the counter fails open when
/// the database fails: the request it would have counted needs the database itself, and fails
/// with 503 while it is down; the error is logged by `PostgresDatabase`'s handler.
public final class PostgresRateWindowCounter: RateWindowCounter {
    static let take = """
        INSERT INTO rate_windows AS t (scope, subject, window_end, request_count) VALUES ($1, $2, $3, 1)
        ON CONFLICT (scope, subject) DO UPDATE
        SET request_count = CASE WHEN t.window_end = EXCLUDED.window_end THEN t.request_count + 1 ELSE 1 END,
            window_end = EXCLUDED.window_end
        WHERE t.window_end <> EXCLUDED.window_end OR t.request_count < $4
        RETURNING request_count
        """
    static let purge = "DELETE FROM rate_windows WHERE window_end < $1"

    /// Requests this instance counts between two purges of ended windows.
    public static let purgeInterval = 1_000

    private let database: PostgresDatabase
    /// When this instance's counts are due to purge the ended windows.
    private let cadence = PurgeCadence(every: purgeInterval)

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func take(_ key: AttemptKey, limit: Int, window length: TimeInterval, now: Date) -> RateWindowState {
        let window = FixedWindow(holding: now, length: length)
        let limit = max(1, limit)
        let counted: [Int64]
        do {
            counted = try database.write { connection in
                try connection.statement(Self.take).rows(
                    [.text(key.scope), .text(key.subject), .integer(window.endSeconds), .integer(Int64(limit))]
                ) { $0.int64(at: 0) }
            }
        } catch {
            return RateWindowState(taken: true, remaining: limit - 1, resetSeconds: window.resetSeconds)
        }
        purgeWhenDue(before: window.endSeconds - Int64(window.resetSeconds))
        guard let count = counted.first else { return RateWindowState(taken: false, remaining: 0, resetSeconds: window.resetSeconds) }
        return RateWindowState(taken: true, remaining: max(0, limit - Int(clamping: count)), resetSeconds: window.resetSeconds)
    }

    /// Deletes the rows of windows that ended before `now` (Unix seconds); returns how many.
    @discardableResult
    public func purge(before now: Int64) -> Int {
        (try? database.write { connection in try connection.statement(Self.purge).run([.integer(now)]) }) ?? 0
    }

    private func purgeWhenDue(before now: Int64) {
        if cadence.isDue() { purge(before: now) }
    }
}
