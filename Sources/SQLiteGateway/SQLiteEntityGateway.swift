import CSQLite
import Domain
import SQLRows

/// The Domain's `EntityGateway` on one SQLite `Database`: every EntityManager shares it.
public final class SQLiteEntityGateway: EntityGateway {
    /// The database every manager uses, for statistics and migrations.
    public let database: Database
    public let contacts: any ContactManager
    public let users: any UserManager
    public let identity: any IdentityManager
    public let outbox: any OutboxManager
    public let sessions: any SessionManager
    public let products: any ProductManager
    public let orders: any OrderManager
    public let idempotency: any IdempotencyManager
    public let accounts: any AccountManager
    public let transactions: any TransactionManager
    public let transfers: any TransferManager
    public let transferDrafts: any TransferDraftManager

    /// Every manager on `database`; the contact, account and draft managers enforce `quotas`.
    public init(database: Database, quotas: StorageQuotas = .standard) {
        self.database = database
        contacts = SQLiteContactManager(database: database, quota: quotas.contacts)
        users = SQLiteUserManager(database: database)
        identity = SQLIdentityManager(database: database, isEmailTaken: SQLiteUserManager.isEmailTaken)
        outbox = SQLOutboxManager(database: database, lockClause: "")
        sessions = SQLSessionManager(database: database, statements: .sqlite)
        products = SQLiteProductManager(database: database)
        orders = SQLiteOrderManager(database: database)
        idempotency = SQLiteIdempotencyManager(database: database)
        accounts = SQLiteAccountManager(database: database, quota: quotas.accounts)
        transactions = SQLiteTransactionManager(database: database)
        transfers = SQLiteTransferManager(database: database)
        transferDrafts = SQLiteTransferDraftManager(database: database, quota: quotas.openDrafts)
    }

    public func isAvailable() -> Bool {
        database.isAvailable()
    }
}
