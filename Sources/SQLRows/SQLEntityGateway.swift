import Domain

/// The Domain's `EntityGateway` on one SQL database, either engine: every manager is the one
/// written over `SQLDatabase`, told what the engine says differently by its `SQLDialect`, but for
/// contacts, whose search each engine does its own way and hands in (`SQLiteEntityGateway`,
/// `PostgresEntityGateway` name the two).
public final class SQLEntityGateway<Database: SQLDatabase>: EntityGateway {
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

    /// Every manager on `database`, `contacts` the engine's own; the contact (the engine's),
    /// account, draft and transfer (pending) managers enforce `quotas`.
    public init(database: Database, contacts: any ContactManager, quotas: StorageQuotas) {
        self.database = database
        self.contacts = contacts
        users = SQLUserManager(database: database)
        identity = SQLIdentityManager(database: database)
        outbox = SQLOutboxManager(database: database)
        sessions = SQLSessionManager(database: database)
        products = SQLProductManager(database: database)
        orders = SQLOrderManager(database: database)
        idempotency = SQLIdempotencyManager(database: database)
        accounts = SQLAccountManager(database: database, quota: quotas.accounts)
        transactions = SQLTransactionManager(database: database)
        transfers = SQLTransferManager(database: database, pendingQuota: quotas.pendingTransfers)
        transferDrafts = SQLTransferDraftManager(database: database, quota: quotas.openDrafts)
    }

    public func isAvailable() -> Bool {
        database.isAvailable()
    }
}
