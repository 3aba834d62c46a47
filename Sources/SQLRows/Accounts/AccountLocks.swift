import Domain

/// The account row locks every write whose decision depends on a balance (transfers, paid
/// orders, imports) takes first where writers run side by side (PostgreSQL): in byte order of the
/// ids (`accounts.id COLLATE "C"`), so two of them never wait on each other in a cycle. SQLite's
/// one writer needs none.
public enum AccountLocks {
    /// Locks one account row until the write commits.
    public static let lock = "SELECT id FROM accounts WHERE id = ?1 FOR UPDATE"

    /// Locks the rows of `ids` (duplicates and missing accounts allowed) in byte order of their
    /// ids; call inside a `write`.
    @inlinable
    public static func lock<Connection: SQLConnection>(_ ids: [AccountID], on connection: Connection) throws {
        let ordered = Set(ids.map(\.rawValue)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for id in ordered {
            try connection.run(lock, [.text(id)])
        }
    }
}
