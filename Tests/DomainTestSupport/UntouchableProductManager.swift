import Domain
import Foundation
import Testing

/// A ProductManager whose every method records an issue and answers an empty value: a test double
/// conforms to it and writes only the methods its test uses, so a method the Manager gains later
/// changes no double (they inherit this one), and a call the test did not expect fails it.
public protocol UnimplementedProductManager: ProductManager {}

extension UnimplementedProductManager {
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

/// Fails the test when any catalog storage call happens.
public struct UntouchableProductManager: UnimplementedProductManager {
    public init() {}
}
