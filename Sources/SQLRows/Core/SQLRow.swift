/// One result row as both SQL gateways read it, column by column (columns count from 0).
///
/// SQLite's statement and PostgreSQL's row conform, so each row mapping of this module is
/// written once. The mappings take a generic `Row: SQLRow`, never `any SQLRow`, and are
/// `@inlinable`: each gateway gets them specialized to its own reader, as direct calls with no
/// box per row or per column. `SendableMetatype`: the closures of a generic mapping capture the
/// row's type, which Swift 6 wants sendable.
public protocol SQLRow: SendableMetatype {
    /// Whether the column is SQL NULL.
    func isNull(at column: Int32) -> Bool
    /// The column as an integer; 0 when NULL.
    func int64(at column: Int32) -> Int64
    /// The column as text; nil when NULL.
    func string(at column: Int32) -> String?
    /// The column as bytes; nil when NULL.
    func blob(at column: Int32) -> [UInt8]?
}

extension SQLRow {
    /// The column as an `Int`; 0 when NULL. Every supported platform has a 64-bit `Int`.
    @inlinable
    public func int(at column: Int32) -> Int {
        Int(truncatingIfNeeded: int64(at: column))
    }
}
