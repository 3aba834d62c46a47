import CSQLite
import Domain

extension SQLiteError: GatewayErrorConvertible {
    /// The storage failure use cases see: only the kind matters to them, the text is for logs.
    public var gatewayError: GatewayError {
        switch code {
        case SQLITE_CONSTRAINT: .conflict(description)
        default: isTransient ? .unavailable(description) : .failure(description)
        }
    }

    /// A fault of the storage rather than of the data or the code, which clears without a
    /// restart once its cause does: contention (BUSY, LOCKED), a file that cannot be opened or
    /// written (CANTOPEN, READONLY), a full disk or `max_page_count` (FULL), an I/O error
    /// (IOERR), memory (NOMEM) or a WAL lock protocol race (PROTOCOL). Clients get 503 with
    /// `Retry-After` for these; CORRUPT, NOTADB, MISUSE, ERROR and the rest stay 500.
    public var isTransient: Bool {
        switch code {
        case SQLITE_BUSY, SQLITE_LOCKED, SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM,
            SQLITE_PROTOCOL:
            true
        default:
            false
        }
    }
}

extension SQLiteError {
    /// A UNIQUE, CHECK, NOT NULL or foreign-key constraint refused the statement: an expected
    /// conflict the use case answers (409), not a fault.
    public var isConstraintViolation: Bool { code == SQLITE_CONSTRAINT }
}
