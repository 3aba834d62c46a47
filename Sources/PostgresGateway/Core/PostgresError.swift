/// A failed libpq call: the server's SQLSTATE (empty when the failure was the connection's), its
/// message and the SQL involved (for logs only).
public struct PostgresError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The five-character SQLSTATE (`23505` unique violation, `40001` serialization failure…);
    /// empty when libpq failed before the server answered (a lost connection).
    public var sqlState: String
    /// The server's or libpq's explanation; may quote data, so it goes to logs, never to clients.
    public var message: String
    /// The constraint a violation names (`users_email_key`…), when there is one.
    public var constraint: String?
    /// The statement or script that failed, when there was one.
    public var sql: String?

    public init(sqlState: String, message: String, constraint: String? = nil, sql: String? = nil) {
        self.sqlState = sqlState
        self.message = message
        self.constraint = constraint
        self.sql = sql
    }

    public var description: String {
        var text = "PostgreSQL error \(sqlState.isEmpty ? "(connection)" : sqlState): \(message)"
        if let sql { text += " [\(sql)]" }
        return text
    }

    /// A UNIQUE, CHECK, NOT NULL, foreign-key or exclusion constraint refused the statement
    /// (class 23): an expected conflict the use case answers (409), not a fault.
    public var isConstraintViolation: Bool { sqlState.hasPrefix("23") }

    /// Another transaction's work made this one fail and running it again may succeed: a
    /// serialization failure (40001) or a deadlock (40P01).
    public var isRetryable: Bool { sqlState == "40001" || sqlState == "40P01" }

    /// A fault that clears without a restart once its cause does: the connection (class 08 or
    /// no answer), the server's resources (53), an operator intervention such as a restart or
    /// a failover (57P01–57P03), a read-only replica (25006), or contention that retries used up.
    public var isTransient: Bool {
        sqlState.isEmpty || sqlState.hasPrefix("08") || sqlState.hasPrefix("53") || sqlState.hasPrefix("57P")
            || sqlState == "25006" || isRetryable || sqlState == "55P03"
    }
}
