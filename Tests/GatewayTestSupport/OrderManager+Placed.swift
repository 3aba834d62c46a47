import Domain

extension OrderManager {
    /// `create` for orders that must be stored: any refusal is a failure of the test's setup.
    public func placed(_ order: NewOrder) throws -> Order {
        guard case .created(let stored) = try create(order) else { throw GatewayError.failure("order \(order.id) was refused") }
        return stored
    }
}
