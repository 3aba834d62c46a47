/// A statement parameter, sent to the server as text: PostgreSQL converts it to the type the
/// statement gives the parameter (write a cast, `$1::bigint`, where the statement alone cannot).
public enum PostgresValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case text(String)
    case boolean(Bool)
    /// `bytea`, sent in its hex form.
    case bytes([UInt8])

    public init(_ value: String?) {
        self = value.map { .text($0) } ?? .null
    }

    public init(_ value: Int?) {
        self = value.map { .integer(Int64($0)) } ?? .null
    }

    public init(_ value: Int64?) {
        self = value.map { .integer($0) } ?? .null
    }

    /// The text form the server parses, or nil for SQL NULL.
    var text: String? {
        switch self {
        case .null: nil
        case let .integer(value): String(value)
        case let .text(value): value
        case let .boolean(value): value ? "t" : "f"
        case let .bytes(value): "\\x" + value.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
        }
    }
}
