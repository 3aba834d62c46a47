/// Every EntityManager the use cases may use; the SQLite gateway implements it.
public protocol EntityGateway: Sendable {
    var contacts: any ContactManager { get }
    var users: any UserManager { get }
    var sessions: any SessionManager { get }
    var products: any ProductManager { get }
    var orders: any OrderManager { get }
    var idempotency: any IdempotencyManager { get }
    var accounts: any AccountManager { get }
    var transactions: any TransactionManager { get }
    var transfers: any TransferManager { get }
    var transferDrafts: any TransferDraftManager { get }

    /// Whether storage answers a trivial query right now (readiness).
    func isAvailable() -> Bool
}
