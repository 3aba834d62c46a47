import Domain
import Testing

@Suite("DecimalAmount")
struct DecimalAmountTests {
    @Test("digits with an optional fraction are amounts", arguments: ["0", "1", "12.34", "0.001", "99999999999999999999"])
    func accepted(text: String) {
        #expect(DecimalAmount(text)?.text == text)
    }

    @Test("signs, exponents, words, spaces, empty parts and texts past 20 characters are not", arguments: [
        "", "-1", "+1", "1e3", "NaN", "Infinity", " 1", "1,000", ".5", "5.", "1.2.3", "123456789012345678901", "１",
    ])
    func refused(text: String) {
        #expect(DecimalAmount(text) == nil)
    }

    @Test("money is written with exactly its currency's decimals, so it reads back to the same minor units")
    func fromMoney() throws {
        #expect(DecimalAmount(Money(minor: 1_234, currency: .cad))?.text == "12.34")
        #expect(DecimalAmount(Money(minor: 5, currency: .cad))?.text == "0.05")
        #expect(DecimalAmount(Money(minor: 5, currency: .jpy))?.text == "5")
        #expect(DecimalAmount(Money(minor: -5, currency: .cad)) == nil)
        let kwd = try #require(Currency(code: "KWD"))
        #expect(try DecimalAmount(Money(minor: 1, currency: kwd))?.money(in: kwd) == Money(minor: 1, currency: kwd))
    }

    @Test("the currency decides the decimals: 1.001 is too many for CAD and fine for KWD")
    func decimalsByCurrency() throws {
        let amount = try #require(DecimalAmount("1.001"))
        #expect(throws: MoneyParseFailure.tooManyDecimals(allowed: 2)) { try amount.money(in: .cad) }
        #expect(try amount.money(in: #require(Currency(code: "KWD"))).minor == 1_001)
        #expect(amount.isZero == false && DecimalAmount("0.00")?.isZero == true)
    }
}
