import CSQLite
import Domain

/// One SQLite connection and its prepared-statement cache.
///
/// Opened in SQLite's multi-thread mode (`SQLITE_OPEN_NOMUTEX`): a connection must be used by
/// one thread at a time, which `Database` guarantees by lending each one to a single caller.
public final class SQLiteConnection {
    /// How a connection is opened.
    public enum Mode: Sendable {
        /// Read-write, creating the file if missing, with write-ahead logging switched on.
        case writer
        /// Read-only: a mistaken write fails instead of competing with the writer.
        case reader
    }

    let handle: OpaquePointer
    public let path: String
    private var statements: [String: SQLiteStatement] = [:]
    /// What `remembered(_:compute:)` computed, by key, for the contents as of `rememberedVersion`.
    private var remembered: [String: Any] = [:]
    private var rememberedVersion: UInt32?
    /// Most values kept at once; past it they are all dropped, so a stream of distinct keys (each
    /// state of a search box) costs at most this many entries per connection.
    static let rememberedLimit = 64
    /// Users whose live streams the write under way must wake (`wakeLiveStreams`), until the
    /// database takes them after the transaction.
    var usersToWake: [UserID] = []
    /// Objects SQLite callbacks of this connection point to (`installCheckpointHook`), released
    /// once it is closed.
    var retainedHookContexts: [Unmanaged<AnyObject>] = []

    /// Opens `path` and applies the connection settings of `configuration`.
    public init(path: String, mode: Mode, configuration: DatabaseConfiguration) throws {
        let flags = switch mode {
        case .writer: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        case .reader: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
        }
        var opened: OpaquePointer?
        let result = sqlite3_open_v2(path, &opened, flags, nil)
        guard let opened else {
            throw SQLiteError(code: result == SQLITE_OK ? SQLITE_NOMEM : result, message: "cannot open \(path)")
        }
        guard result == SQLITE_OK else {
            // SQLite hands back a handle even on failure, only to explain it; it must still be closed.
            let error = SQLiteError(code: result, handle: opened, sql: nil)
            sqlite3_close_v2(opened)
            throw SQLiteError(code: error.code, extendedCode: error.extendedCode, message: "cannot open \(path): \(error.message)")
        }
        handle = opened
        self.path = path
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, configuration.busyTimeoutMilliseconds)
        if mode == .writer {
            // Persistent in the file: readers then never block the writer, nor it them.
            try execute("PRAGMA journal_mode = WAL")
        }
        try execute("PRAGMA foreign_keys = ON")
        try defineSearchFold()
        try execute("PRAGMA synchronous = \(configuration.synchronous.pragmaValue)")
        if mode == .reader {
            try execute("PRAGMA cache_size = -\(configuration.readerCacheKiB)")
        }
    }

    deinit {
        // Statements first, so the close below is immediate rather than deferred to their finalization.
        statements.removeAll()
        sqlite3_close_v2(handle)
        for context in retainedHookContexts { context.release() }
    }

    /// Whether the main database has a table named `name` (migrations add them as they go).
    func hasTable(_ name: String) -> Bool {
        sqlite3_table_column_metadata(handle, "main", name, nil, nil, nil, nil, nil, nil) == SQLITE_OK
    }

    /// Runs a script of one or more statements, ignoring any rows (pragmas, DDL, migrations).
    public func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard result == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(result))
            throw SQLiteError(code: result, extendedCode: sqlite3_extended_errcode(handle), message: text, sql: sql)
        }
    }

    /// The prepared statement for `sql`, compiled once and then reused, reset and unbound.
    ///
    /// Callers use fixed SQL strings so the cache stays small and hits. The same statement is
    /// handed out again for the same text: finish with one before asking for it anew.
    public func statement(_ sql: String) throws -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        let statement = try prepare(sql)
        statements[sql] = statement
        return statement
    }

    private func prepare(_ sql: String) throws -> SQLiteStatement {
        var prepared: OpaquePointer?
        var rest = ""
        let result = sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let status = sqlite3_prepare_v3(handle, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, &tail)
            rest = tail.map { String(cString: $0) } ?? ""
            return status
        }
        guard result == SQLITE_OK else {
            sqlite3_finalize(prepared)
            throw SQLiteError(code: result, handle: handle, sql: sql)
        }
        // Whatever follows the first statement would be silently ignored; empty SQL compiles to nothing.
        guard let prepared, rest.allSatisfy({ $0.isWhitespace || $0 == ";" }) else {
            sqlite3_finalize(prepared)
            throw SQLiteError(code: SQLITE_MISUSE, message: "exactly one statement expected", sql: sql)
        }
        return SQLiteStatement(handle: prepared, sql: sql)
    }

    /// The main database's data version: it changes with every commit to the file, by this
    /// connection or any other, as seen when this connection last began a transaction.
    var dataVersion: UInt32 {
        var version: UInt32 = 0
        sqlite3_file_control(handle, "main", SQLITE_FCNTL_DATA_VERSION, &version)
        return version
    }

    /// `compute()`'s value for `key`, computed at most once while the database is unchanged.
    ///
    /// For reads that only guide a choice, such as how common a search's trigrams are
    /// (`ContactSearchPhrase`), never for an answer: the version is the one this connection saw at
    /// its last transaction, so a value can be one commit older than the next statement's snapshot.
    func remembered<Value>(_ key: String, compute: () throws -> Value) rethrows -> Value {
        let version = dataVersion
        if version != rememberedVersion {
            remembered.removeAll(keepingCapacity: true)
            rememberedVersion = version
        }
        if let value = remembered[key] as? Value { return value }
        let value = try compute()
        if remembered.count >= Self.rememberedLimit { remembered.removeAll(keepingCapacity: true) }
        remembered[key] = value
        return value
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int {
        Int(sqlite3_changes64(handle))
    }

    /// False while a transaction is open.
    public var isAutocommit: Bool {
        sqlite3_get_autocommit(handle) != 0
    }

    /// Ends every statement of the cache left mid-run, so no read transaction outlives a call of
    /// `Database`.
    ///
    /// Only this connection's own statements: SQLite extensions keep statements of their own on
    /// the handle (FTS5 holds some mid-run across a transaction), and resetting one of those under
    /// them rolled the open transaction back.
    func resetBusyStatements() {
        for statement in statements.values where sqlite3_stmt_busy(statement.handle) != 0 {
            sqlite3_reset(statement.handle)
        }
    }
}
