/// Every EntityManager the use cases may use; the SQLite gateway implements it.
public protocol EntityGateway: Sendable {
    /// The users' contacts.
    var contacts: any ContactManager { get }
    /// The users and their registration.
    var users: any UserManager { get }
    /// Claims, verification and reset codes, and the notices they write.
    var identity: any IdentityManager { get }
    /// The events and the mail queue.
    var outbox: any OutboxManager { get }
    /// The login sessions, by token digest.
    var sessions: any SessionManager { get }
    /// The catalog.
    var products: any ProductManager { get }
    /// The users' orders, with their payments.
    var orders: any OrderManager { get }
    /// The stored answers of keyed requests (`Idempotency-Key`).
    var idempotency: any IdempotencyManager { get }
    /// The users' money accounts and their balances.
    var accounts: any AccountManager { get }
    /// The accounts' transactions.
    var transactions: any TransactionManager { get }
    /// The transfers, each written with its two legs at once.
    var transfers: any TransferManager { get }
    /// The drafts of the "send money" flow.
    var transferDrafts: any TransferDraftManager { get }

    /// Whether storage answers a trivial query right now (readiness).
    func isAvailable() -> Bool
}
