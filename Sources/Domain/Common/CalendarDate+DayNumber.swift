import Foundation

extension CalendarDate {
    /// Days since 1970-01-01 (negative before): date arithmetic in whole integers, no calendar
    /// object, no time zone (Howard Hinnant's `days_from_civil`).
    public var dayNumber: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `dayNumber` days after 1970-01-01; nil outside years 1...9999.
    public init?(dayNumber: Int) {
        // Years 1...9999 are days -719,162...2,932,896; outside a wider bound nothing can be a day,
        // and the arithmetic below stays far from overflow.
        guard (-4_000_000...4_000_000).contains(dayNumber) else { return nil }
        let shifted = dayNumber + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.init(year: year, month: month, day: day)
    }

    /// The day `days` later (earlier when negative); nil past the calendar's ends, whatever `days` is.
    public func adding(days: Int) -> CalendarDate? {
        let (day, overflow) = dayNumber.addingReportingOverflow(days)
        return overflow ? nil : CalendarDate(dayNumber: day)
    }

    /// The UTC day of `date`.
    public init?(utc date: Date) {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 300_000_000_000 else { return nil }
        // Cannot trap: finite and within ±3 × 10^11 s, so the day count is below 3.5 × 10^6.
        self.init(dayNumber: Int((seconds / 86_400).rounded(.down)))
    }
}
