import Domain
import Foundation
import Testing

/// Fails the test when any catalog storage call happens.
public struct UntouchableProductManager: ProductManager {
    public init() {}

    public func list(after cursor: ProductCursor?, limit: Int) throws -> [Product] {
        Issue.record("storage reached: product list")
        return []
    }
    public func fetch(id: ProductID) throws -> Product? {
        Issue.record("storage reached: product fetch")
        return nil
    }
    public func fetch(ids: Set<ProductID>) throws -> [ProductID: Product] {
        Issue.record("storage reached: product fetch")
        return [:]
    }
}
