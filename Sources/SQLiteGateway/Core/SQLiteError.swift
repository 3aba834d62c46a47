import CSQLite

/// A failed SQLite call: its result codes, SQLite's message and the SQL involved (for logs only).
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The primary result code (`SQLITE_CONSTRAINT`, `SQLITE_BUSY`, …).
    public var code: Int32
    /// The extended result code (`SQLITE_CONSTRAINT_CHECK`, …); equal to `code` when there is none.
    public var extendedCode: Int32
    /// SQLite's explanation; may quote data, so it goes to logs, never to clients.
    public var message: String
    /// The statement or script that failed, when there was one.
    public var sql: String?

    public init(code: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil) {
        // Extended codes carry the primary code in their low byte.
        self.code = code & 0xFF
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
    }

    /// The error SQLite last recorded on `handle`, attributed to `sql`.
    init(handle: OpaquePointer?, sql: String?) {
        let extended = sqlite3_extended_errcode(handle)
        let message = sqlite3_errmsg(handle).map { String(cString: $0) } ?? String(cString: sqlite3_errstr(extended))
        self.init(code: extended, extendedCode: extended, message: message, sql: sql)
    }

    /// `code` returned by a call on `handle`, with SQLite's message when it matches that call.
    init(code: Int32, handle: OpaquePointer?, sql: String?) {
        let recorded = sqlite3_extended_errcode(handle)
        if recorded & 0xFF == code & 0xFF, let message = sqlite3_errmsg(handle) {
            self.init(code: code, extendedCode: recorded, message: String(cString: message), sql: sql)
        } else {
            self.init(code: code, extendedCode: code, message: String(cString: sqlite3_errstr(code)), sql: sql)
        }
    }

    public var description: String {
        var text = "SQLite error \(extendedCode): \(message)"
        if let sql { text += " [\(sql)]" }
        return text
    }
}
