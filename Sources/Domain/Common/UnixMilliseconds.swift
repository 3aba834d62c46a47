import Foundation

/// Unix milliseconds, the storage and cursor form of every timestamp, converted without a trap.
///
/// `Date` holds a `Double`, and `Int64(Double)` traps outside `Int64`'s range, so a timestamp read
/// from a request (a cursor) must be range-checked before it becomes a `Date`, and a `Date`
/// becomes milliseconds through `Int64(exactly:)`, never `Int64(_:)`.
public enum UnixMilliseconds {
    /// The timestamps this server can have issued: from 2000-01-01T00:00:00Z, before any
    /// instance ran, to 9999-12-31T23:59:59.999Z, the last instant a four-digit year writes.
    /// Both ends are far inside 2^53, so every value in it is exact as a `Double` and survives
    /// `date(_:)` then `from(_:)` unchanged.
    public static let issuable: ClosedRange<Int64> = 946_684_800_000...253_402_300_799_999

    /// `date`'s milliseconds, rounded to the nearest; a date beyond `Int64`'s range (or not a
    /// number) is clamped to its end, so no `Date` can trap here.
    public static func from(_ date: Date) -> Int64 {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        if let exact = Int64(exactly: milliseconds) { return exact }
        if milliseconds.isNaN { return 0 }
        return milliseconds < 0 ? .min : .max
    }

    /// The instant `milliseconds` after the epoch (exact for every value in `issuable`).
    public static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// The instant of a timestamp read from a request, or nil when this server cannot have
    /// issued it.
    public static func issuedDate(_ milliseconds: Int64) -> Date? {
        issuable.contains(milliseconds) ? date(milliseconds) : nil
    }
}
