import Domain
import Foundation

/// A value a row column holds in the storage form both gateways share: text, a 64-bit integer,
/// bytes, or a time as Unix milliseconds.
public protocol SQLReadable {
    /// The value of column `column` of `row`; nil when it is NULL.
    static func read<Row: SQLRow>(_ row: Row, at column: Int32) -> Self?
}

extension String: SQLReadable {
    /// The column's text.
    @inlinable
    public static func read<Row: SQLRow>(_ row: Row, at column: Int32) -> String? { row.string(at: column) }
}

extension Int64: SQLReadable {
    /// The column's integer.
    @inlinable
    public static func read<Row: SQLRow>(_ row: Row, at column: Int32) -> Int64? {
        row.isNull(at: column) ? nil : row.int64(at: column)
    }
}

extension Int: SQLReadable {
    /// The column's integer; every supported platform has a 64-bit `Int`.
    @inlinable
    public static func read<Row: SQLRow>(_ row: Row, at column: Int32) -> Int? {
        row.isNull(at: column) ? nil : row.int(at: column)
    }
}

extension Array: SQLReadable where Element == UInt8 {
    /// The column's bytes.
    @inlinable
    public static func read<Row: SQLRow>(_ row: Row, at column: Int32) -> [UInt8]? { row.blob(at: column) }
}

extension Date: SQLReadable {
    /// The column's Unix milliseconds as a date.
    @inlinable
    public static func read<Row: SQLRow>(_ row: Row, at column: Int32) -> Date? {
        row.isNull(at: column) ? nil : Milliseconds.date(row.int64(at: column))
    }
}

extension SQLRow {
    /// This row read by the columns of `columns` (`SQLColumns.required`, `optional`).
    @inlinable
    public func columns<Column: SQLColumn>(_ columns: Column.Type) -> SQLColumns<Self, Column> {
        SQLColumns(row: self)
    }
}

/// A row read by named column: each read is the column's position (`SQLColumn`'s raw value), and
/// a NULL where a value is required throws instead of turning into an empty value.
public struct SQLColumns<Row: SQLRow, Column: SQLColumn> {
    /// The row read.
    public let row: Row

    /// Reads `row` by the columns of `Column`.
    @inlinable
    public init(row: Row) {
        self.row = row
    }

    /// The value of `column`, which must not be NULL: a NULL there is storage corruption (the
    /// schema says NOT NULL, or the row type relies on it), a `GatewayError.failure` naming the
    /// column.
    @inlinable
    public func required<Value: SQLReadable>(_ column: Column, as type: Value.Type = Value.self) throws(GatewayError) -> Value {
        guard let value = Value.read(row, at: column.rawValue) else { throw SQLReadFailure.null(column) }
        return value
    }

    /// The value of `column`, or nil when it is NULL.
    @inlinable
    public func optional<Value: SQLReadable>(_ column: Column, as type: Value.Type = Value.self) -> Value? {
        Value.read(row, at: column.rawValue)
    }

    /// Whether `column` is NULL.
    @inlinable
    public func isNull(_ column: Column) -> Bool {
        row.isNull(at: column.rawValue)
    }
}

/// The failures of a read by column, built out of line: the inlined reads stay a position and a
/// NULL test.
public enum SQLReadFailure {
    /// A NULL in required column `column`.
    @usableFromInline
    static func null<Column: SQLColumn>(_ column: Column) -> GatewayError {
        .failure("NULL in required column \(Column.table).\(column.name)")
    }

    /// A stored value of `column` this build cannot read (`value`; nil for NULL).
    public static func unreadable<Column: SQLColumn>(_ column: Column, _ value: String?) -> GatewayError {
        .failure("unreadable \(Column.table).\(column.name): \(value ?? "NULL")")
    }
}
