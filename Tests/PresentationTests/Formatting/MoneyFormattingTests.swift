import Domain
import Presentation
import Testing

@Suite("money formatting")
struct MoneyFormattingTests {
    func cad(_ minor: Int64) -> Money { Money(minor: minor, currency: .cad) }

    @Test("English puts the symbol first, groups thousands with commas and uses a decimal point", arguments: [
        (Int64(1234), "$12.34"), (0, "$0.00"), (5, "$0.05"), (123_456_789, "$1,234,567.89"), (-1234, "-$12.34"), (100_000, "$1,000.00"),
    ])
    func english(minor: Int64, expected: String) {
        #expect(MoneyFormatting.format(cad(minor), language: .en) == expected)
    }

    @Test("French puts the symbol after a no-break space, groups with no-break spaces and uses a decimal comma", arguments: [
        (Int64(1234), "12,34\u{A0}$"), (0, "0,00\u{A0}$"), (123_456_789, "1\u{A0}234\u{A0}567,89\u{A0}$"), (-1234, "-12,34\u{A0}$"),
    ])
    func french(minor: Int64, expected: String) {
        #expect(MoneyFormatting.format(cad(minor), language: .fr) == expected)
    }

    @Test("the extremes of 64-bit minor units format exactly, with no floating-point rounding")
    func extremes() {
        #expect(MoneyFormatting.format(cad(.max), language: .en) == "$92,233,720,368,547,758.07")
        #expect(MoneyFormatting.format(cad(.min), language: .en) == "-$92,233,720,368,547,758.08")
    }

    @Test("a currency without minor digits has no decimal part, and is grouped only from 10 000 as CLDR does")
    func yen() {
        #expect(MoneyFormatting.format(Money(minor: 1500, currency: .jpy), language: .en) == "¥1500")
        #expect(MoneyFormatting.format(Money(minor: 12_345, currency: .jpy), language: .en) == "¥12,345")
    }

    @Test("the money view model carries minor units and code unchanged by language")
    func viewModel() {
        let english = MoneyViewModel(cad(1234), language: .en)
        let french = MoneyViewModel(cad(1234), language: .fr)
        #expect(english.minor == 1234 && french.minor == 1234)
        #expect(english.currency == "CAD" && french.currency == "CAD")
        #expect(english.formatted != french.formatted)
    }
}

@Suite("money formatting by currency, and report formatting")
struct CurrencyFormattingTests {
    @Test("amounts are written per language with integer arithmetic", arguments: [
        (Int64(1234), "CAD", Language.en, "$12.34"),
        (1234, "CAD", .fr, "12,34\u{A0}$"),
        (-5, "CAD", .en, "-$0.05"),
        (-5, "CAD", .fr, "-0,05\u{A0}$"),
        (123_456_789, "CAD", .en, "$1,234,567.89"),
        (123_456_789, "CAD", .fr, "1\u{A0}234\u{A0}567,89\u{A0}$"),
        (1234, "EUR", .en, "€12.34"),
        (1234, "EUR", .fr, "12,34\u{A0}€"),
        (1234, "JPY", .en, "¥1234"),
        (1_234_567, "JPY", .en, "¥1,234,567"),
        (1234, "USD", .en, "US$12.34"),
        (1234, "USD", .fr, "12,34\u{A0}$\u{A0}US"),
        (12345, "KWD", .en, "12.345\u{A0}KWD"),
        (12345, "KWD", .fr, "12,345\u{A0}KWD"),
        (7, "CHF", .en, "0.07\u{A0}CHF"),
        (Int64.min, "CAD", .en, "-$92,233,720,368,547,758.08"),
    ])
    func format(minor: Int64, code: String, language: Language, expected: String) throws {
        let currency = try #require(Currency(code: code))
        #expect(MoneyFormatting.format(Money(minor: minor, currency: currency), language: language) == expected)
    }

    @Test("Money on the wire is minor, currency and formatted, in that order")
    func wire() {
        #expect(json(MoneyViewModel(Money(minor: 1234, currency: .cad), language: .en)) == #"{"minor":1234,"currency":"CAD","formatted":"$12.34"}"#)
        #expect(json(MoneyViewModel(Money(minor: -1, currency: .cad), language: .fr)) == #"{"minor":-1,"currency":"CAD","formatted":"-0,01\#u{A0}$"}"#)
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
