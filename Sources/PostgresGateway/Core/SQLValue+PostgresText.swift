import SQLRows

extension SQLValue {
    /// The text form PostgreSQL parses for the parameter, or nil for SQL NULL: every parameter is
    /// sent as text, and the server converts it to the type the statement gives it (write a cast,
    /// `$1::bigint`, where the statement alone cannot).
    var postgresText: String? {
        switch self {
        case .null: nil
        case let .integer(value): String(value)
        case let .real(value): String(value)
        case let .text(value): value
        case let .boolean(value): value ? "t" : "f"
        // `bytea` in its hex form.
        case let .blob(value): "\\x" + value.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
        }
    }
}
