import Domain
import SQLRows
import Testing

@Suite("ProductRow")
struct ProductRowTests {
    @Test("a product is read with its price in its currency")
    func product() throws {
        let row = ValuesRow([.text("p_1"), .text("Pen"), .integer(899), .text("CAD")])
        #expect(try ProductRow.product(row) == Product(id: ProductID("p_1"), name: "Pen", price: Money(minor: 899, currency: .cad)))
    }

    @Test("a missing currency is a storage failure naming the column")
    func unknownCurrency() {
        let row = ValuesRow([.text("p_1"), .text("Pen"), .integer(899), .null])
        #expect(throws: GatewayError.failure("NULL in required column products.currency")) { try ProductRow.product(row) }
    }
}
