/// A statement parameter of either SQL gateway. SQLite binds each case in its own storage class
/// (a boolean as the integer 0 or 1); PostgreSQL sends its text form and lets the statement give
/// it a type.
public enum SQLValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case boolean(Bool)
    /// Bytes: an SQLite blob, a PostgreSQL `bytea`.
    case blob([UInt8])

    /// `.text`, or `.null` when `value` is nil.
    @inlinable
    public init(_ value: String?) {
        self = value.map { .text($0) } ?? .null
    }

    /// `.integer`, or `.null` when `value` is nil.
    @inlinable
    public init(_ value: Int?) {
        self = value.map { .integer(Int64($0)) } ?? .null
    }

    /// `.integer`, or `.null` when `value` is nil.
    @inlinable
    public init(_ value: Int64?) {
        self = value.map { .integer($0) } ?? .null
    }

    /// `.real`, or `.null` when `value` is nil.
    @inlinable
    public init(_ value: Double?) {
        self = value.map { .real($0) } ?? .null
    }
}
