import CPostgres
import SQLRows

/// One SQL statement on one connection, prepared once per connection on first use.
public struct PostgresStatement {
    let connection: PostgresConnection
    let sql: String

    /// Runs it and returns the number of rows it inserted, updated or deleted.
    @discardableResult
    public func run(_ values: [SQLValue] = []) throws -> Int {
        try connection.execute(prepared: sql, values) { result in connection.affectedRows(result) }
    }

    /// Runs it and maps every row it returns.
    public func rows<T>(_ values: [SQLValue] = [], _ map: (PostgresRow) throws -> T) throws -> [T] {
        try connection.execute(prepared: sql, values) { result in
            let count = PQntuples(result)
            var rows: [T] = []
            rows.reserveCapacity(Int(count))
            for index in 0..<count {
                rows.append(try map(PostgresRow(result: result, index: index)))
            }
            return rows
        }
    }
}
