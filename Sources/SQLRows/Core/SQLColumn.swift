/// The columns of one row type, declared once: a case's raw value is its position in the row
/// (from 0), the order every `SELECT` of the type lists them in (`selectList`), and its name is
/// the column's name in SQL, so the cases are spelled as the schema spells its columns. A read by
/// column (`SQLRow.required`, `SQLRow.optional`) is a read by that position: no name is looked up
/// per row.
public protocol SQLColumn: RawRepresentable<Int32>, CaseIterable, Sendable where AllCases == [Self] {
    /// The table the columns belong to, for the reason of a failed read.
    static var table: String { get }
    /// What a `SELECT` lists for the column: its name, or an expression read in its place.
    var selection: String { get }
}

extension SQLColumn {
    /// The column's name in SQL: the case's own name.
    public var name: String { String(describing: self) }

    /// The column's name: most columns are read as they are stored.
    public var selection: String { name }

    /// Every column in row order, as a `SELECT` lists them.
    public static var selectList: String { allCases.map(\.selection).joined(separator: ", ") }
}

/// Statement texts built from column lists, so a column added to a row type reaches its insert
/// and its update without renumbering anything by hand.
public enum SQLColumnText {
    /// `?first, ?first+1, …`: `count` placeholders.
    public static func placeholders(from first: Int = 1, count: Int) -> String {
        (first..<first + count).map { "?\($0)" }.joined(separator: ", ")
    }

    /// `INSERT INTO table (a, b, …) VALUES (?1, ?2, …)`, one parameter per column in order; with
    /// `rows` above one, that many rows in one statement, numbered on (`(?1, ?2), (?3, ?4)`).
    public static func insert(into table: String, _ columns: [String], rows: Int = 1) -> String {
        let tuples = (0..<rows).map { "(\(placeholders(from: 1 + $0 * columns.count, count: columns.count)))" }
        return "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES \(tuples.joined(separator: ", "))"
    }

    /// `INSERT INTO table (a, b, …) SELECT ?1, ?2, … WHERE condition`: one row, inserted only
    /// while `condition` (which may name parameters after the columns') holds, else none, so a
    /// write can send its decision with its change instead of reading first (`enqueue(_:_:expectingRows:otherwise:)`
    /// on PostgreSQL). PostgreSQL types the parameters from the columns, as with `VALUES`.
    public static func insert(into table: String, _ columns: [String], where condition: String) -> String {
        "INSERT INTO \(table) (\(columns.joined(separator: ", "))) SELECT \(placeholders(count: columns.count)) WHERE \(condition)"
    }

    /// `a = ?first, b = ?first+1, …`: an `UPDATE`'s `SET` list, one parameter per column in order.
    public static func assignments(_ columns: [String], from first: Int) -> String {
        columns.enumerated().map { "\($0.element) = ?\(first + $0.offset)" }.joined(separator: ", ")
    }
}

/// The one column of a result that is a single value (`RETURNING token_digest`), read by
/// `SQLColumns` like any row's.
public enum SQLSingleColumn: Int32, SQLColumn {
    case value

    /// No table: a result's own column.
    public static var table: String { "result" }
}
