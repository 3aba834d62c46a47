import Domain
import Foundation
import Presentation
import Testing

@Suite("dates and instants in words")
struct DateFormattingTests {
    @Test("a day is written with the month's short name, in the order of each language")
    func day() {
        let date = CalendarDate("2016-12-09")!
        #expect(DateFormatting.date(date, language: .en) == "Dec 09, 2016")
        #expect(DateFormatting.date(date, language: .fr) == "09 déc. 2016")
    }

    @Test("an instant is written in UTC to the minute, and says so")
    func instant() {
        let instant = Date(timeIntervalSince1970: 1_451_606_399)  // 2015-12-31T23:59:59Z
        #expect(DateFormatting.instant(instant, language: .en) == "Dec 31, 2015, 23:59 UTC")
        #expect(DateFormatting.instant(instant, language: .fr) == "31 déc. 2015 à 23:59 UTC")
    }

    @Test("an instant outside what storage can hold is written as the nearest writable one, not a trap")
    func outOfRange() {
        #expect(DateFormatting.instant(Date(timeIntervalSince1970: 1e300), language: .en) == "Dec 31, 9999, 23:59 UTC")
        #expect(DateFormatting.instant(Date(timeIntervalSince1970: .nan), language: .fr) == "01 janv. 1970 à 00:00 UTC")
    }
}
