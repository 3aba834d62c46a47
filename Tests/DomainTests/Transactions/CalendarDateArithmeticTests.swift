import Domain
import Foundation
import Testing

@Suite("CalendarDate day numbers and RFC 3339 date parts")
struct CalendarDateArithmeticTests {
    @Test("day numbers count from 1970-01-01 and round-trip across leap days and centuries", arguments: [
        ("1970-01-01", 0), ("1970-01-02", 1), ("1969-12-31", -1), ("2000-02-29", 11_016), ("2016-04-01", 16_892), ("0001-01-01", -719_162),
        ("9999-12-31", 2_932_896),
    ])
    func dayNumbers(text: String, number: Int) {
        #expect(day(text).dayNumber == number)
        #expect(CalendarDate(dayNumber: number) == day(text))
    }

    @Test("adding days crosses months and leap years; past the calendar's ends is nil")
    func adding() {
        #expect(day("2016-02-28").adding(days: 1) == day("2016-02-29"))
        #expect(day("2016-03-01").adding(days: -1) == day("2016-02-29"))
        #expect(day("2015-12-31").adding(days: 366) == day("2016-12-31"))
        #expect(day("9999-12-31").adding(days: 1) == nil)
        #expect(day("0001-01-01").adding(days: -1) == nil)
    }

    @Test("the UTC day of an instant")
    func utc() {
        #expect(CalendarDate(utc: Date(timeIntervalSince1970: 86_399)) == day("1970-01-01"))
        #expect(CalendarDate(utc: Date(timeIntervalSince1970: -1)) == day("1969-12-31"))
    }

    @Test("RFC 3339 date-times give their date part as written", arguments: [
        ("2016-04-01T00:00:00Z", "2016-04-01"), ("2016-04-01t23:59:60z", "2016-04-01"), ("2016-04-01T13:45:00.250-05:00", "2016-04-01"),
        ("2016-04-30T23:30:00+14:00", "2016-04-30"), ("2016-02-29 08:00:00Z", "2016-02-29"),
    ])
    func rfc3339(text: String, date: String) {
        #expect(CalendarDate.datePart(ofRFC3339: text) == day(date))
    }

    @Test("malformed date-times are refused", arguments: [
        "2016-04-01", "2016-04-01T", "2016-04-01T00:00Z", "2016-04-01T24:00:00Z", "2016-04-01T00:60:00Z", "2016-04-01T00:00:00",
        "2016-04-01T00:00:00.Z", "2016-04-01T00:00:00+5:00", "2016-04-01T00:00:00+05:00 ", "2015-02-29T00:00:00Z", "2016-4-01T00:00:00Z",
        "2016-04-01X00:00:00Z",
    ])
    func malformed(text: String) {
        #expect(CalendarDate.datePart(ofRFC3339: text) == nil)
    }

    @Test("day arithmetic with any Int answers a day or nil, never a trap")
    func extremeOffsets() {
        let today = day("2026-11-25")
        for offset in [Int.max, Int.min, Int.max - 1, Int.min + 1, 4_000_001, -4_000_001] {
            #expect(today.adding(days: offset) == nil, "\(offset)")
            #expect(CalendarDate(dayNumber: offset) == nil, "\(offset)")
        }
        #expect(CalendarDate(dayNumber: day("0001-01-01").dayNumber) == day("0001-01-01"))
        #expect(CalendarDate(dayNumber: day("9999-12-31").dayNumber) == day("9999-12-31"))
        #expect(day("9999-12-31").adding(days: 1) == nil)
    }
}
