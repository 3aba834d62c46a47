import CSQLite
import Domain

extension SQLiteConnection {
    /// The SQL function `viperd_search_fold(text)`: `SearchFolding.fold`, NULL for NULL.
    ///
    /// SQLite's own `lower()` and `LIKE` fold ASCII only; search must fold every script the way
    /// Swift does, so both sides call the same code.
    func defineSearchFold() throws {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        let result = sqlite3_create_function_v2(handle, "viperd_search_fold", 1, flags, nil, { context, count, arguments in
            guard count == 1, let argument = arguments?[0], sqlite3_value_type(argument) != SQLITE_NULL,
                let text = sqlite3_value_text(argument)
            else {
                sqlite3_result_null(context)
                return
            }
            let bytes = UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(argument)))
            let folded = SearchFolding.fold(String(decoding: bytes, as: UTF8.self))
            var utf8 = Array(folded.utf8)
            utf8.withUnsafeMutableBytes { buffer in
                // SQLITE_TRANSIENT: SQLite copies the bytes before the buffer goes away.
                sqlite3_result_text64(
                    context, buffer.baseAddress?.assumingMemoryBound(to: CChar.self) ?? nil, sqlite3_uint64(buffer.count),
                    unsafeBitCast(-1, to: sqlite3_destructor_type.self), UInt8(SQLITE_UTF8))
            }
        }, nil, nil, nil)
        guard result == SQLITE_OK else {
            throw SQLiteError(code: result, handle: handle, sql: nil)
        }
    }
}
