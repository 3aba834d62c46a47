import SQLRows

/// The managers' one-statement reads and writes (`SQLDatabase.rows`, `first`, `change`) run on
/// the pool: a read outside any transaction, a write in one retried on a serialization failure.
extension PostgresDatabase: SQLDatabase {
    /// A pooled connection inside `REPEATABLE READ READ ONLY`: one snapshot for every statement
    /// (`READ COMMITTED` would take one per statement).
    public func readSnapshot<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try read { connection in
            try connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            defer { _ = try? connection.execute("COMMIT") }
            return try body(connection)
        }
    }
}

extension PostgresConnection: SQLConnection {
    /// Runs the prepared statement of `sql`; the rows it inserted, updated or deleted.
    @discardableResult
    public func run(_ sql: String, _ values: [SQLValue]) throws -> Int {
        try statement(sql).run(values)
    }

    /// Runs the prepared statement of `sql` and maps every row it returns.
    public func rows<T>(_ sql: String, _ values: [SQLValue], _ map: (PostgresRow) throws -> T) throws -> [T] {
        try statement(sql).rows(values, map)
    }
}
