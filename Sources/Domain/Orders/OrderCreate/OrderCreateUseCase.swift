/// `POST /v1/orders`: places an order for the owner, pricing it on the server.
///
/// Outcomes: `presentCreated(_:)`, `presentValidationFailures(_:)` (missing fields, unknown
/// products, quantities, line counts), `presentContactNotFound(_:)`, `presentPaymentAccountNotFound(_:)`,
/// `presentPaymentCurrencyMismatch()`, `presentInsufficientFunds()`, storage failures, and
/// `presentInternalInconsistency(_:)` when the rules let through what they should not (a bug).
public struct OrderCreateUseCase {
    private let orders: any OrderManager
    private let products: any ProductManager
    private let contacts: any ContactManager
    private let policy: OrderPolicy
    private let owner: UserID
    private let clock: any Clock
    private let ids: any IDGenerator

    public init(
        orders: any OrderManager, products: any ProductManager, contacts: any ContactManager, policy: OrderPolicy,
        owner: UserID, clock: any Clock, ids: any IDGenerator
    ) {
        self.orders = orders
        self.products = products
        self.contacts = contacts
        self.policy = policy
        self.owner = owner
        self.clock = clock
        self.ids = ids
    }

    public func eventCreate(_ request: OrderCreateRequest, output: any OrderCreateUseCaseOutput) {
        OrderCreateTransformer(orders: orders, products: products, contacts: contacts, policy: policy, clock: clock, ids: ids)
            .transform(request, owner: owner, output: output)
    }
}
