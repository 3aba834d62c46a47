import Domain
import Testing

@Suite("Money")
struct MoneyTests {
    @Test("adding, subtracting and multiplying report overflow instead of trapping")
    func overflow() throws {
        #expect(throws: MoneyError.overflow) { try cad(Int64.max).adding(cad(1)) }
        #expect(throws: MoneyError.overflow) { try cad(Int64.min).subtracting(cad(1)) }
        #expect(throws: MoneyError.overflow) { try cad(Int64.max / 2 + 1).multiplied(by: 2) }
        #expect(try cad(Int64.max - 1).adding(cad(1)) == cad(Int64.max))
        #expect(try cad(250).multiplied(by: 3) == cad(750))
    }

    @Test("amounts of two currencies do not add up")
    func currencyMismatch() {
        #expect(throws: MoneyError.currencyMismatch(.cad, .usd)) { try cad(1).adding(Money(minor: 1, currency: .usd)) }
    }

    @Test("a portion rounds half to even in minor units", arguments: [
        // (amount, basis points, expected): x.5 goes to the even neighbour, everything else to the nearest.
        (Int64(50), Int64(1300), Int64(6)),    // 6.5 → 6 (half-up would say 7)
        (1050, 1300, 136),                       // 136.5 → 136
        (150, 1300, 20),                         // 19.5 → 20
        (250, 1300, 32),                         // 32.5 → 32
        (1, 5000, 0),                            // 0.5 → 0
        (3, 5000, 2),                            // 1.5 → 2
        (10_001, 1300, 1300),                    // 1300.13 → 1300
        (10_004, 1300, 1301),                    // 1300.52 → 1301
        (-50, 1300, -6),                         // symmetric for negatives
        (123_456, 0, 0),
        (123_456, 10_000, 123_456),
    ])
    func halfEven(amount: Int64, basisPoints: Int64, expected: Int64) throws {
        #expect(try cad(amount).portion(basisPoints: basisPoints) == cad(expected))
    }

    @Test("a portion of the largest amount stays exact; only a result past Int64 overflows")
    func portionAtTheEdge() throws {
        #expect(try cad(Int64.max).portion(basisPoints: 10_000) == cad(Int64.max))
        // 9 223 372 036 854 775 807 / 2 = …903.5, and …904 is the even neighbour.
        #expect(try cad(Int64.max).portion(basisPoints: 5_000) == cad(Int64.max / 2 + 1))
        #expect(throws: MoneyError.overflow) { try cad(Int64.max).portion(basisPoints: 10_001) }
    }

    @Test("a sequence sums in one currency, reporting overflow")
    func sum() throws {
        #expect(try [cad(1), cad(2), cad(3)].sum(in: .cad) == cad(6))
        #expect(try [Money]().sum(in: .cad) == cad(0))
        #expect(throws: MoneyError.overflow) { try [cad(Int64.max), cad(1)].sum(in: .cad) }
    }

    @Test("known currency codes carry their minor digits; others are refused")
    func currencies() {
        #expect(Currency(code: "CAD") == .cad)
        #expect(Currency(code: "JPY")?.minorUnitDigits == 0)
        #expect(Currency(code: "cad") == nil)
        #expect(Currency(code: "XXX") == nil)
    }
}
