import Foundation

/// RFC 3339 UTC timestamps with `Z` and whole seconds (`2026-11-22T10:15:30Z`).
public enum Timestamp {
    /// Seconds of 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z: a date outside (none that storage
    /// can hold) is written as the nearest of them, so the conversion below cannot trap.
    static let writable: ClosedRange<Double> = -62_135_596_800...253_402_300_799

    public static func format(_ date: Date) -> String {
        format(date, milliseconds: false)
    }

    /// With the milliseconds, rounded down (`2026-11-23T07:15:30.123Z`): the time of the server's
    /// log lines. Same clamping, so no clock value can trap here either.
    public static func formatWithMilliseconds(_ date: Date) -> String {
        format(date, milliseconds: true)
    }

    private static func format(_ date: Date, milliseconds: Bool) -> String {
        let interval = (date.timeIntervalSince1970.isNaN ? 0 : date.timeIntervalSince1970).clamped(to: writable)
        let whole = interval.rounded(.down)
        var seconds = time_t(whole)
        // `interval - whole` is in 0 ..< 1 once clamped, so the count is 0...999 (`min` for rounding's sake).
        let millis = Int32(min(999, (interval - whole) * 1000))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        // Written in place: every answer carrying a contact formats two of these, and padding and
        // interpolating Strings cost about 6,500 instructions a timestamp.
        return String(unsafeUninitializedCapacity: milliseconds ? 24 : 20) { bytes in
            func digits(_ value: Int32, _ width: Int, at offset: Int) {
                // Every field is non-negative and fits its width: the year is 1...9999 (clamped above).
                var rest = value
                for index in stride(from: offset + width - 1, through: offset, by: -1) {
                    bytes[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                    rest /= 10
                }
            }
            digits(parts.tm_year + 1900, 4, at: 0)
            bytes[4] = UInt8(ascii: "-")
            digits(parts.tm_mon + 1, 2, at: 5)
            bytes[7] = UInt8(ascii: "-")
            digits(parts.tm_mday, 2, at: 8)
            bytes[10] = UInt8(ascii: "T")
            digits(parts.tm_hour, 2, at: 11)
            bytes[13] = UInt8(ascii: ":")
            digits(parts.tm_min, 2, at: 14)
            bytes[16] = UInt8(ascii: ":")
            digits(parts.tm_sec, 2, at: 17)
            guard milliseconds else {
                bytes[19] = UInt8(ascii: "Z")
                return 20
            }
            bytes[19] = UInt8(ascii: ".")
            digits(millis, 3, at: 20)
            bytes[23] = UInt8(ascii: "Z")
            return 24
        }
    }
}

extension Double {
    /// This value, or the nearer end of `range`.
    func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
