import Domain
import SQLRows
import Testing

@Suite("OrderRow")
struct OrderRowTests {
    /// A row of `OrderRow.summaryColumns`.
    func summary(status: String, currency: SQLValue) -> ValuesRow {
        ValuesRow([
            .text("o_1"), .text("1001"), .text(status), .integer(1_795_000_000_000), .text("Ada"), .text("Lovelace"),
            .text("ada@example.com"), .null, .integer(10_000), currency,
        ])
    }

    @Test("a summary is read with its total in the order's currency")
    func summary() throws {
        let order = try OrderRow.summary(summary(status: "placed", currency: .text("CAD")))
        #expect(order.status == .placed)
        #expect(order.orderTotal == Money(minor: 10_000, currency: .cad))
        #expect(order.customer.phone == nil)
    }

    @Test("an unknown status is a storage failure naming the column")
    func unknownStatus() {
        #expect(throws: GatewayError.failure("unreadable orders.status: lost")) {
            try OrderRow.summary(summary(status: "lost", currency: .text("CAD")))
        }
    }

    @Test("an unknown or missing currency is a storage failure")
    func unknownCurrency() {
        #expect(throws: GatewayError.failure("NULL in required column orders.currency")) { try OrderRow.summary(summary(status: "placed", currency: .null)) }
        #expect(throws: GatewayError.failure("unreadable orders.currency: XYZ")) { try OrderRow.summary(summary(status: "placed", currency: .text("XYZ"))) }
    }
}
