import Domain
import Testing

@Suite("OrderPolicy")
struct OrderPolicyTests {
    @Test("the standard policy: 13 %, $5 / $15 / $25, CAD, 999 units, 100 lines")
    func standard() {
        let policy = OrderPolicy.standard
        #expect(policy.taxRateBasisPoints == 1300)
        #expect(ShipmentSpeed.allCases.map(policy.shippingCost) == [cad(500), cad(1500), cad(2500)])
        #expect(policy.currency == .cad)
        #expect(policy.maximumQuantity == 999)
        #expect(policy.maximumLines == 100)
    }

    @Test("configuration outside the allowed ranges is refused; speeds left out keep their standard cost")
    func configuration() throws {
        #expect(throws: OrderPolicy.Invalid.taxRate(10_001)) { try OrderPolicy(taxRateBasisPoints: 10_001, shippingCosts: [:]) }
        #expect(throws: OrderPolicy.Invalid.taxRate(-1)) { try OrderPolicy(taxRateBasisPoints: -1, shippingCosts: [:]) }
        #expect(throws: OrderPolicy.Invalid.shippingCost(.oneDay, -5)) { try OrderPolicy(taxRateBasisPoints: 0, shippingCosts: [.oneDay: -5]) }
        let policy = try OrderPolicy(taxRateBasisPoints: 500, shippingCosts: [.twoDay: 999])
        #expect(policy.shippingCost(.twoDay) == cad(999))
        #expect(policy.shippingCost(.standard) == cad(500))
    }

    @Test("order numbers are SO- and six digits, wider when they must be")
    func numbers() {
        #expect(OrderNumber(sequence: 123).rawValue == "SO-000123")
        #expect(OrderNumber(sequence: 1).rawValue == "SO-000001")
        #expect(OrderNumber(sequence: 1_234_567).rawValue == "SO-1234567")
    }
}
