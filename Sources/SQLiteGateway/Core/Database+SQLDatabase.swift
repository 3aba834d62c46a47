import CSQLite
import Domain
import SQLRows

/// The managers' one-statement reads and writes (`SQLDatabase.rows`, `first`, `change`) run on
/// SQLite's reader pool and its single writer.
extension Database: SQLDatabase {
    /// SQLite's: one writer, so no read locks its rows; no `UPDATE` inside `WITH`; a taken email
    /// is the unique violation naming `users.email`.
    public static let dialect = SQLDialect(rowLock: "", leaseLock: "", beginSnapshot: "BEGIN", updatesInWith: false) { error in
        (error as? SQLiteError).map { $0.code == SQLITE_CONSTRAINT && $0.message.contains("users.email") } ?? false
    }
}

extension SQLiteConnection: SQLConnection {
    /// Runs the cached statement of `sql` to completion; the rows it changed.
    @discardableResult
    public func run(_ sql: String, _ values: [SQLValue]) throws -> Int {
        try statement(sql).run(values)
    }

    /// Runs `sql` at once, as `run`: SQLite answers in the process, so there is no round trip
    /// to save by sending it later.
    public func enqueue(_ sql: String, _ values: [SQLValue]) throws {
        try statement(sql).run(values)
    }

    /// Runs `sql` at once and throws `refusal` when it changed fewer than `rows` rows: the write
    /// fails there, before anything conditional on it runs.
    public func enqueue(_ sql: String, _ values: [SQLValue], expectingRows rows: Int, otherwise refusal: any Error) throws {
        if try statement(sql).run(values) < rows { throw refusal }
    }

    /// Runs the cached statement of `sql` and maps every row, read in place from the statement.
    public func rows<T>(_ sql: String, _ values: [SQLValue], _ map: (SQLiteStatement) throws -> T) throws -> [T] {
        try statement(sql).rows(values, map)
    }

    /// `Database.dialect`.
    public static var dialect: SQLDialect { Database.dialect }

    /// Kept until the transaction ends (`Database.signalOutboxAppends`).
    public func wakeLiveStreams(of user: UserID) {
        usersToWake.append(user)
    }
}
