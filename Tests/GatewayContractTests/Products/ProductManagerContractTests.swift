import Domain
import Testing

@Suite("ProductManager contract")
struct ProductManagerContractTests {
    @Test("the migration seeds a dozen CAD products, listed by name across pages without gaps or repeats", arguments: Backend.allCases)
    func pagesThroughCatalog(backend: Backend) throws {
        let store = try backend.makeStore()
        let products = store.gateway.products

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
        #expect(try products.list(after: nil, limit: 0).isEmpty)
    }

    @Test("fetch by id finds a seeded product exactly and nothing for an unknown id", arguments: Backend.allCases)
    func fetch(backend: Backend) throws {
        let store = try backend.makeStore()
        let products = store.gateway.products
        #expect(try products.fetch(id: ProductID("p_mouse")) == Product(id: ProductID("p_mouse"), name: "Wireless Mouse", price: Money(minor: 3999, currency: .cad)))
        #expect(try products.fetch(id: ProductID("p_nope")) == nil)
        #expect(try products.fetch(id: ProductID(String(repeating: "x", count: 5000))) == nil)
    }

    @Test("fetching several ids returns the ones that exist, keyed by id", arguments: Backend.allCases)
    func fetchMany(backend: Backend) throws {
        let store = try backend.makeStore()
        let found = try store.gateway.products.fetch(ids: [ProductID("p_mouse"), ProductID("p_webcam"), ProductID("p_nope")])
        #expect(Set(found.keys) == [ProductID("p_mouse"), ProductID("p_webcam")])
        #expect(found[ProductID("p_webcam")]?.price.minor == 8999)
    }
}
