import Domain

/// The per-user quotas (`StorageQuotas`), checked inside the write transaction that would pass
/// one, on either gateway: the count is read after the owner's row is locked (PostgreSQL; SQLite
/// has one writer), so concurrent writes of one owner are counted one by one.
public enum QuotaCheck {
    /// The owner's row, locked before the count where writers run side by side (PostgreSQL):
    /// concurrent creates of one owner are counted one by one. SQLite's one writer needs none.
    /// `FOR NO KEY UPDATE`, the lock the `UPDATE` of a position or count takes itself: writers
    /// wait for one another as with `FOR UPDATE`, but not for the `FOR KEY SHARE` a row that
    /// merely references the user takes through its foreign key (a transfer's owner, taken
    /// before that transfer's events lock their users in id order). With `FOR UPDATE`, a group
    /// locking two users could wait for such a share while its holder waited for the group's
    /// other user: a deadlock.
    public static let lockOwner = "SELECT 1 FROM users WHERE id = ?1 FOR NO KEY UPDATE"

    /// Throws `GatewayError.quotaExceeded` when `count` (one row, one integer column: what the
    /// owner holds now, read with `values`) has reached `limit`; does nothing without a limit.
    /// `lock`, when given, runs first with the owner alone, `values`' first (`SELECT … FOR
    /// UPDATE` of the owner's row).
    @inlinable
    public static func ensureRoom<Connection: SQLConnection>(
        on connection: Connection, _ kind: StorageQuotas.Kind, limit: Int?, lock: String? = nil, count: String, _ values: [SQLValue]
    ) throws {
        guard let limit else { return }
        // Nothing reads the lock's row: it goes out with the count, in one round trip.
        if let lock { try connection.enqueue(lock, Array(values.prefix(1))) }
        let held = try connection.rows(count, values) { $0.int64(at: 0) }.first ?? 0
        if held >= Int64(limit) { throw GatewayError.quotaExceeded(QuotaExceeded(kind: kind, limit: limit)) }
    }
}
