import Foundation

/// RFC 3339 UTC timestamps with `Z` and whole seconds (`2026-11-22T10:15:30Z`).
public enum Timestamp {
    /// Seconds of 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z: a date outside (none that storage
    /// can hold) is written as the nearest of them, so the conversion below cannot trap.
    static let writable: ClosedRange<Double> = -62_135_596_800...253_402_300_799

    public static func format(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970.isNaN ? 0 : date.timeIntervalSince1970
        var seconds = time_t(interval.rounded(.down).clamped(to: writable))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))Z"
    }
}

extension Double {
    /// This value, or the nearer end of `range`.
    func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
