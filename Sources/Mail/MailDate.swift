import Foundation

/// RFC 5322's date-time, in UTC: `Fri, 27 Nov 2026 13:18:05 +0000`. Computed with integer
/// calendar arithmetic rather than a formatter, so no locale or time zone setting can change it.
enum MailDate {
    /// The Date header's value; a date outside the years 1900...9999 (RFC 5322's four-digit
    /// years, and a range no conversion below can overflow) cannot be written.
    static func text(_ date: Date) throws(SMTPFailure) -> String {
        let seconds = date.timeIntervalSince1970
        // 1900-01-01T00:00:00Z and 10000-01-01T00:00:00Z.
        guard seconds.isFinite, seconds >= -2_208_988_800, seconds < 253_402_300_800 else {
            throw .permanent("the message's date lies outside the years 1900 to 9999")
        }
        let whole = Int64(seconds.rounded(.down))
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let secondOfDay = whole - days * 86_400
        let (year, month, day) = civil(daysSince1970: days)
        // 1970-01-01 was a Thursday (4, counting from Sunday = 0).
        let weekday = ((days % 7) + 7 + 4) % 7
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(weekdays[Int(weekday)]), \(twoDigits(day)) \(months[Int(month) - 1]) \(year) "
            + "\(twoDigits(secondOfDay / 3600)):\(twoDigits(secondOfDay / 60 % 60)):\(twoDigits(secondOfDay % 60)) +0000"
    }

    /// The proleptic Gregorian date of a day count (Howard Hinnant's `civil_from_days`).
    private static func civil(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func twoDigits(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
