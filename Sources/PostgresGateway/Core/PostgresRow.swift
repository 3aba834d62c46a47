import CPostgres
import SQLRows

/// One row of a result, valid only inside the `rows` closure it is given to. Values arrive in
/// PostgreSQL's text form and are converted on access.
public struct PostgresRow: SQLRow {
    let result: OpaquePointer
    let index: Int32

    init(result: OpaquePointer, index: Int32) {
        self.result = result
        self.index = index
    }

    /// Whether the column is NULL.
    public func isNull(at column: Int32) -> Bool {
        PQgetisnull(result, index, column) == 1
    }

    /// The column as an integer; 0 for NULL or a value that is not one.
    public func int64(at column: Int32) -> Int64 {
        guard let text = PQgetvalue(result, index, column) else { return 0 }
        // Parsed from the bytes in place: no String per value on the hot read paths.
        var value: Int64 = 0
        var pointer = text
        let negative = pointer.pointee == 0x2D
        if negative { pointer += 1 }
        // Accumulated on the negative side, which holds one more value (Int64.min).
        while pointer.pointee >= 0x30, pointer.pointee <= 0x39 {
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (added, overflow2) = shifted.subtractingReportingOverflow(Int64(pointer.pointee - 0x30))
            if overflow1 || overflow2 { return 0 }
            value = added
            pointer += 1
        }
        if negative { return value }
        return value == .min ? 0 : -value
    }

    /// The column's text; nil for NULL.
    public func string(at column: Int32) -> String? {
        guard !isNull(at: column), let text = PQgetvalue(result, index, column) else { return nil }
        return String(cString: text)
    }

    /// A `boolean` column; false for NULL.
    public func bool(at column: Int32) -> Bool {
        PQgetvalue(result, index, column)?.pointee == 0x74  // "t"
    }

    /// A `bytea` column (sent in hex form, `\x…`); nil for NULL.
    public func blob(at column: Int32) -> [UInt8]? {
        guard !isNull(at: column), let text = PQgetvalue(result, index, column) else { return nil }
        let length = Int(PQgetlength(result, index, column))
        guard length >= 2, text[0] == 0x5C, text[1] == 0x78 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((length - 2) / 2)
        var offset = 2
        while offset + 1 < length {
            guard let high = Self.nibble(text[offset]), let low = Self.nibble(text[offset + 1]) else { return nil }
            bytes.append(high << 4 | low)
            offset += 2
        }
        return bytes
    }

    private static func nibble(_ character: CChar) -> UInt8? {
        switch UInt8(bitPattern: character) {
        case 0x30...0x39: UInt8(bitPattern: character) - 0x30
        case 0x61...0x66: UInt8(bitPattern: character) - 0x61 + 10
        case 0x41...0x46: UInt8(bitPattern: character) - 0x41 + 10
        default: nil
        }
    }
}
