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

    @Test("a currency without minor digits has no decimal part")
    func yen() {
        #expect(MoneyFormatting.format(Money(minor: 1500, currency: .jpy), language: .en) == "¥1,500")
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
