extension Money {
    /// `"3.11"` in `currency` as minor units (311 for CAD), without floating point: ASCII digits,
    /// optionally a `.` and at most `currency.minorUnitDigits` more digits. Fewer decimals are
    /// padded (`"3.1"` is 310); signs, exponents, spaces, grouping and `".5"` or `"5."` are refused.
    public static func parse(_ text: String, currency: Currency) throws(MoneyParseFailure) -> Money {
        var whole: [UInt8] = []
        var fraction: [UInt8] = []
        var seenPoint = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if seenPoint { fraction.append(byte - 0x30) } else { whole.append(byte - 0x30) }
            case UInt8(ascii: ".") where !seenPoint:
                seenPoint = true
            default:
                throw .format
            }
        }
        guard !whole.isEmpty, !seenPoint || !fraction.isEmpty else { throw .format }
        guard fraction.count <= currency.minorUnitDigits else { throw .tooManyDecimals(allowed: currency.minorUnitDigits) }
        fraction += [UInt8](repeating: 0, count: currency.minorUnitDigits - fraction.count)
        var minor: Int64 = 0
        for digit in whole + fraction {
            let (shifted, shiftOverflow) = minor.multipliedReportingOverflow(by: 10)
            let (sum, sumOverflow) = shifted.addingReportingOverflow(Int64(digit))
            guard !shiftOverflow, !sumOverflow else { throw .overflow }
            minor = sum
        }
        return Money(minor: minor, currency: currency)
    }
}
