/// A value bound to a statement parameter, in SQLite's own storage classes.
public enum SQLiteValue: Equatable, Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    case null

    /// `.text`, or `.null` when `value` is nil.
    public init(_ value: String?) {
        self = value.map { .text($0) } ?? .null
    }

    /// `.integer`, or `.null` when `value` is nil.
    public init(_ value: Int?) {
        self = value.map { .integer(Int64($0)) } ?? .null
    }

    /// `.integer`, or `.null` when `value` is nil.
    public init(_ value: Int64?) {
        self = value.map { .integer($0) } ?? .null
    }

    /// `.real`, or `.null` when `value` is nil.
    public init(_ value: Double?) {
        self = value.map { .real($0) } ?? .null
    }
}
