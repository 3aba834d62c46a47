import Domain
import SQLRows

/// The managers' one-statement reads and writes (`SQLDatabase.rows`, `first`, `change`) run on
/// the pool: a read outside any transaction, a write in one retried on a serialization failure.
extension PostgresDatabase: SQLDatabase {
    /// PostgreSQL's: writers run side by side at `READ COMMITTED`, so every decision reads its
    /// rows locked (`FOR UPDATE`), and the mail lease skips rows another instance holds; a `WITH`
    /// may update; a taken email is the unique violation of `users_email_key` (PostgreSQL's name
    /// for `email … UNIQUE`).
    public static let dialect = SQLDialect(
        rowLock: " FOR UPDATE", leaseLock: " FOR UPDATE SKIP LOCKED", beginSnapshot: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
        updatesInWith: true
    ) { error in
        (error as? PostgresError).map { $0.sqlState == "23505" && $0.constraint == "users_email_key" } ?? false
    }
}

extension PostgresDatabase {
    /// One statement in a write of its own, sent with its `BEGIN` and `COMMIT` in one round trip
    /// (`runAndCommit`); retried as `write` retries. Without `waitsForFlush`, the transaction
    /// commits asynchronously (`SET LOCAL synchronous_commit = off`, in the same round trip).
    @discardableResult
    public func change(_ sql: String, _ values: [SQLValue], waitsForFlush: Bool) throws(GatewayError) -> Int {
        try GatewayError.mapping {
            try write { connection in
                if !waitsForFlush { try connection.sendCommand("SET LOCAL synchronous_commit = off") }
                return try connection.runAndCommit(sql, values)
            }
        }
    }
}

extension PostgresConnection: SQLConnection {
    /// Runs the prepared statement of `sql`; the rows it inserted, updated or deleted.
    @discardableResult
    public func run(_ sql: String, _ values: [SQLValue]) throws -> Int {
        try statement(sql).run(values)
    }

    /// Inside a write, queues the prepared statement of `sql` to go out with the next read or the
    /// commit (`PostgresConnection+Pipeline.swift`); elsewhere runs it at once.
    public func enqueue(_ sql: String, _ values: [SQLValue]) throws {
        guard pipeline != nil else {
            try run(sql, values)
            return
        }
        try send(sql, values)
    }

    /// Runs the prepared statement of `sql` and maps every row it returns.
    public func rows<T>(_ sql: String, _ values: [SQLValue], _ map: (PostgresRow) throws -> T) throws -> [T] {
        try statement(sql).rows(values, map)
    }

    /// `PostgresDatabase.dialect`.
    public static var dialect: SQLDialect { PostgresDatabase.dialect }

    /// Kept until the transaction commits (`PostgresDatabase.write`).
    public func wakeLiveStreams(of user: UserID) {
        usersToWake.append(user)
    }
}
