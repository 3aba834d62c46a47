import CSQLite
import SQLRows

/// One prepared statement of a `SQLiteConnection`, reused from its cache.
///
/// Like its connection, a statement belongs to one thread at a time. Parameter and column
/// indexes follow SQLite: parameters count from 1, columns from 0. While a `rows` map runs, the
/// statement is itself the current row (`SQLRow`), so reading a column copies nothing first.
public final class SQLiteStatement: SQLRow {
    /// `SQLITE_TRANSIENT`: SQLite copies bound text and blobs, so Swift's buffers may go away.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    let handle: OpaquePointer
    public let sql: String

    init(handle: OpaquePointer, sql: String) {
        self.handle = handle
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE on this statement's connection.
    public var changes: Int {
        Int(sqlite3_changes64(sqlite3_db_handle(handle)))
    }

    /// Ends any run in progress and forgets every binding, ready for the next use.
    public func reset() {
        // The result repeats the last step's error, which its caller has already seen.
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds `values` to parameters 1, 2, …; parameters left over stay NULL.
    public func bind(_ values: [SQLValue]) throws {
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Binds one parameter (counted from 1).
    public func bind(_ value: SQLValue, at index: Int32) throws {
        let result: Int32
        switch value {
        case .integer(let integer):
            result = sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            result = sqlite3_bind_double(handle, index, real)
        case .boolean(let boolean):
            // SQLite has no boolean storage class: 1 and 0, as its own TRUE and FALSE are.
            result = sqlite3_bind_int64(handle, index, boolean ? 1 : 0)
        case .text(let text):
            result = Self.bind(text: text, at: index, to: handle)
        case .blob(let bytes):
            result = bytes.withUnsafeBytes { buffer in
                // A nil pointer would bind NULL; an empty blob must stay a blob.
                guard let base = buffer.baseAddress, buffer.count > 0 else {
                    return sqlite3_bind_zeroblob(handle, index, 0)
                }
                return sqlite3_bind_blob64(handle, index, base, sqlite3_uint64(buffer.count), Self.transient)
            }
        case .null:
            result = sqlite3_bind_null(handle, index)
        }
        guard result == SQLITE_OK else {
            throw SQLiteError(code: result, handle: sqlite3_db_handle(handle), sql: sql)
        }
    }

    private static func bind(text: String, at index: Int32, to handle: OpaquePointer) -> Int32 {
        var text = text
        return text.withUTF8 { buffer in
            // The byte count is passed so text with NUL characters survives; a nil pointer
            // (possible for "") would bind NULL instead of the empty string.
            guard let base = buffer.baseAddress, buffer.count > 0 else {
                return sqlite3_bind_text(handle, index, "", 0, transient)
            }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { characters in
                sqlite3_bind_text64(handle, index, characters, sqlite3_uint64(buffer.count), transient, UInt8(SQLITE_UTF8))
            }
        }
    }

    /// Runs the statement to its next row: true when a row is available to read.
    public func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw SQLiteError(code: code, handle: sqlite3_db_handle(handle), sql: sql)
        }
    }

    /// Binds `values`, runs the statement to completion and returns the rows it changed.
    @discardableResult
    public func run(_ values: [SQLValue] = []) throws -> Int {
        defer { sqlite3_reset(handle) }
        try bind(values)
        while try step() {}
        return changes
    }

    /// Binds `values` and maps every row with `map`.
    public func rows<T>(_ values: [SQLValue] = [], _ map: (SQLiteStatement) throws -> T) throws -> [T] {
        // Resetting ends the statement's read transaction even when `map` throws halfway.
        defer { sqlite3_reset(handle) }
        try bind(values)
        var result: [T] = []
        while try step() {
            result.append(try map(self))
        }
        return result
    }

    /// Whether the column of the current row is NULL.
    public func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    /// The column as an integer; 0 when NULL.
    public func int64(at column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    /// The column as a floating-point number; 0 when NULL.
    public func double(at column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    /// The column as text; nil when NULL.
    public func string(at column: Int32) -> String? {
        guard !isNull(at: column), let characters = sqlite3_column_text(handle, column) else { return nil }
        // Asked after the text conversion, as SQLite requires; counts bytes, so NULs inside survive.
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: characters, count: count), as: UTF8.self)
    }

    /// Appends the column's text, as its UTF-8 bytes, to `buffer`: what `string(at:)` would
    /// decode, without making a `String`. False when NULL, with `buffer` left as it was.
    public func appendText(at column: Int32, to buffer: inout [UInt8]) -> Bool {
        guard !isNull(at: column), let characters = sqlite3_column_text(handle, column) else { return false }
        buffer.append(contentsOf: UnsafeBufferPointer(start: characters, count: Int(sqlite3_column_bytes(handle, column))))
        return true
    }

    /// The column as bytes; nil when NULL.
    public func blob(at column: Int32) -> [UInt8]? {
        guard !isNull(at: column) else { return nil }
        guard let bytes = sqlite3_column_blob(handle, column) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, column))
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }
}
