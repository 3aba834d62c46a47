import Domain
import Presentation
import Testing

@Suite("MoneyFormatting")
struct MoneyFormattingTests {
    @Test("amounts are written per language with integer arithmetic", arguments: [
        (Int64(1234), "CAD", Language.en, "$12.34"),
        (1234, "CAD", .fr, "12,34 $"),
        (-5, "CAD", .en, "-$0.05"),
        (-5, "CAD", .fr, "-0,05 $"),
        (123_456_789, "CAD", .en, "$1,234,567.89"),
        (123_456_789, "CAD", .fr, "1 234 567,89 $"),
        (1234, "EUR", .en, "€12.34"),
        (1234, "EUR", .fr, "12,34 €"),
        (1234, "JPY", .en, "¥1234"),
        (1_234_567, "JPY", .en, "¥1,234,567"),
        (1234, "USD", .en, "US$12.34"),
        (1234, "USD", .fr, "12,34 $ US"),
        (12345, "KWD", .en, "12.345 KWD"),
        (12345, "KWD", .fr, "12,345 KWD"),
        (7, "CHF", .en, "0.07 CHF"),
        (Int64.min, "CAD", .en, "-$92,233,720,368,547,758.08"),
    ])
    func format(minor: Int64, code: String, language: Language, expected: String) throws {
        let currency = try #require(Currency(code: code))
        #expect(MoneyFormatting.format(Money(minor: minor, currency: currency), language: language) == expected)
    }

    @Test("Money on the wire is minor, currency and formatted, in that order")
    func wire() {
        #expect(json(MoneyViewModel(Money(minor: 1234, currency: .cad), language: .en)) == #"{"minor":1234,"currency":"CAD","formatted":"$12.34"}"#)
        #expect(json(MoneyViewModel(Money(minor: -1, currency: .cad), language: .fr)) == #"{"minor":-1,"currency":"CAD","formatted":"-0,01 $"}"#)
    }

    @Test("report amounts and dates: signed, ungrouped, the currency's decimals; months in each language")
    func report() {
        #expect(ReportFormatting.amount(Money(minor: 133_897, currency: .cad), language: .en) == "1338.97")
        #expect(ReportFormatting.amount(Money(minor: -133_897, currency: .cad), language: .fr) == "-1338,97")
        #expect(ReportFormatting.amount(Money(minor: 5, currency: .jpy), language: .en) == "5")
        #expect(ReportFormatting.date(CalendarDate("2016-04-01")!, language: .en) == "Apr 01, 2016")
        #expect(ReportFormatting.date(CalendarDate("2016-02-29")!, language: .fr) == "29 févr. 2016")
        #expect(ReportFormatting.date(CalendarDate("0987-12-31")!, language: .en) == "Dec 31, 0987")
    }
}
