import Domain
import Testing
@testable import SQLiteGateway

@Suite("SQLiteProductManager")
struct SQLiteProductManagerTests {
    @Test("the migration seeds a dozen CAD products, listed by name across pages without gaps or repeats")
    func pagesThroughCatalog() throws {
        let temporary = try TemporaryDatabase()
        let products = SQLiteProductManager(database: temporary.database)

        var seen: [Product] = []
        var cursor: ProductCursor?
        repeat {
            let page = try products.list(after: cursor, limit: 5)
            seen += page
            cursor = page.count == 5 ? page.last.map(ProductCursor.init(after:)) : nil
        } while cursor != nil

        #expect(seen.count == 12)
        #expect(seen == seen.sorted { ($0.name, $0.id.rawValue) < ($1.name, $1.id.rawValue) })
        #expect(Set(seen.map(\.id)).count == 12)
        #expect(seen.allSatisfy { $0.id.rawValue.hasPrefix("p_") && $0.price.currency == .cad && $0.price.minor > 0 })
    }

    @Test("fetch by id finds a seeded product exactly and nothing for an unknown id")
    func fetch() throws {
        let products = SQLiteProductManager(database: try TemporaryDatabase().database)
        #expect(try products.fetch(id: ProductID("p_mouse")) == Product(id: ProductID("p_mouse"), name: "Wireless Mouse", price: Money(minor: 3999, currency: .cad)))
        #expect(try products.fetch(id: ProductID("p_nope")) == nil)
        #expect(try products.fetch(id: ProductID(String(repeating: "x", count: 5000))) == nil)
    }

    @Test("fetching several ids returns the ones that exist, keyed by id")
    func fetchMany() throws {
        let products = SQLiteProductManager(database: try TemporaryDatabase().database)
        let found = try products.fetch(ids: [ProductID("p_mouse"), ProductID("p_webcam"), ProductID("p_nope")])
        #expect(Set(found.keys) == [ProductID("p_mouse"), ProductID("p_webcam")])
        #expect(found[ProductID("p_webcam")]?.price.minor == 8999)
    }
}
