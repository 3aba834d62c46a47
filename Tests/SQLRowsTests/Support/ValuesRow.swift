import SQLRows

/// A row held as parameter values, column i being `values[i]`: what a gateway would read back
/// from a row it wrote with those values, with no database in between.
struct ValuesRow: SQLRow {
    var values: [SQLValue]

    init(_ values: [SQLValue]) {
        self.values = values
    }

    func isNull(at column: Int32) -> Bool {
        values[Int(column)] == .null
    }

    func int64(at column: Int32) -> Int64 {
        guard case let .integer(value) = values[Int(column)] else { return 0 }
        return value
    }

    func string(at column: Int32) -> String? {
        guard case let .text(value) = values[Int(column)] else { return nil }
        return value
    }

    func blob(at column: Int32) -> [UInt8]? {
        guard case let .blob(value) = values[Int(column)] else { return nil }
        return value
    }

    /// The same row with column `column` holding `value` instead.
    func replacing(_ column: Int, with value: SQLValue) -> ValuesRow {
        var copy = self
        copy.values[column] = value
        return copy
    }
}
