import Domain
import Testing

@Suite("Money.parse")
struct MoneyParsingTests {
    @Test("decimal strings become minor units of the currency", arguments: [
        ("3.11", Currency.cad, Int64(311)), ("3.1", .cad, 310), ("3", .cad, 300), ("0.00", .cad, 0), ("007.50", .cad, 750),
        ("560.19", .usd, 56_019), ("1500", .jpy, 1500), ("1.234", Currency(code: "BHD")!, 1234),
        ("92233720368547758.07", .cad, Int64.max),
    ])
    func parses(text: String, currency: Currency, minor: Int64) throws {
        #expect(try Money.parse(text, currency: currency) == Money(minor: minor, currency: currency))
    }

    @Test("signs, exponents, spaces, grouping, empty parts and other characters are format errors", arguments: [
        "", "-3.11", "+3.11", "3e2", "1E2", " 3.11", "3.11 ", "3 11", "1,000.00", "3,11", ".5", "5.", ".", "3..1", "3.1.1",
        "abc", "３.11", "0x10", "NaN", "Infinity",
    ])
    func refusesFormat(text: String) {
        #expect(throws: MoneyParseFailure.format) { try Money.parse(text, currency: .cad) }
    }

    @Test("more decimals than the currency has are refused, naming how many it allows")
    func tooManyDecimals() {
        #expect(throws: MoneyParseFailure.tooManyDecimals(allowed: 2)) { try Money.parse("3.111", currency: .cad) }
        #expect(throws: MoneyParseFailure.tooManyDecimals(allowed: 0)) { try Money.parse("5.0", currency: .jpy) }
        #expect(throws: MoneyParseFailure.tooManyDecimals(allowed: 3)) { try Money.parse("1.0001", currency: Currency(code: "KWD")!) }
    }

    @Test("an amount past 64-bit minor units is an overflow, not a trap")
    func overflow() {
        #expect(throws: MoneyParseFailure.overflow) { try Money.parse("92233720368547758.08", currency: .cad) }
        #expect(throws: MoneyParseFailure.overflow) { try Money.parse("99999999999999999999999999", currency: .jpy) }
    }
}

@Suite("Currency")
struct CurrencyTests {
    @Test("ISO 4217 codes carry their minor digits", arguments: [
        ("CAD", 2), ("USD", 2), ("EUR", 2), ("GBP", 2), ("JPY", 0), ("KRW", 0), ("CLP", 0), ("ISK", 0), ("BHD", 3), ("KWD", 3),
        ("JOD", 3), ("OMR", 3), ("TND", 3), ("IQD", 3), ("LYD", 3), ("CHF", 2), ("HUF", 2), ("TWD", 2), ("XOF", 0),
    ])
    func digits(code: String, digits: Int) throws {
        #expect(try #require(Currency(code: code)).minorUnitDigits == digits)
    }

    @Test("unknown, lower-case, retired and non-currency codes are refused", arguments: ["XXX", "cad", "CA", "CADD", "", "DEM", "HRK", "XAU", "XTS"])
    func refuses(code: String) {
        #expect(Currency(code: code) == nil)
    }

    @Test("every listed code is three upper-case letters and appears once")
    func listIsClean() {
        let codes = Currency.known.map(\.code)
        #expect(Set(codes).count == codes.count)
        #expect(codes.allSatisfy { $0.utf8.count == 3 && $0.utf8.allSatisfy { (65...90).contains($0) } })
        #expect(codes.count > 150)
    }
}

@Suite("Money arithmetic")
struct MoneyArithmeticTests {
    @Test("adding past Int64 throws overflow instead of trapping; mixed currencies throw a mismatch")
    func checked() throws {
        #expect(throws: MoneyError.overflow) { try Money(minor: .max, currency: .cad).adding(Money(minor: 1, currency: .cad)) }
        #expect(throws: MoneyError.overflow) { try Money(minor: .min, currency: .cad).subtracting(Money(minor: 1, currency: .cad)) }
        #expect(throws: MoneyError.currencyMismatch(.cad, .usd)) { try Money(minor: 1, currency: .cad).adding(Money(minor: 1, currency: .usd)) }
        #expect(try Money(minor: 311, currency: .cad).subtracting(Money(minor: 400, currency: .cad)) == Money(minor: -89, currency: .cad))
    }
}
