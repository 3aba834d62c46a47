import Domain
import SQLRows

/// The Domain's `EntityGateway` on one PostgreSQL `PostgresDatabase`: every EntityManager
/// shares its connection pool.
public final class PostgresEntityGateway: EntityGateway {
    /// The database every manager uses, for statistics and migrations.
    public let database: PostgresDatabase
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
    public init(database: PostgresDatabase, quotas: StorageQuotas = .standard) {
        self.database = database
        contacts = PostgresContactManager(database: database, quota: quotas.contacts)
        users = PostgresUserManager(database: database)
        identity = SQLIdentityManager(database: database, isEmailTaken: PostgresUserManager.isEmailTaken)
        outbox = SQLOutboxManager(database: database, lockClause: " FOR UPDATE SKIP LOCKED")
        sessions = SQLSessionManager(database: database, statements: .postgres)
        products = PostgresProductManager(database: database)
        orders = PostgresOrderManager(database: database)
        idempotency = PostgresIdempotencyManager(database: database)
        accounts = PostgresAccountManager(database: database, quota: quotas.accounts)
        transactions = PostgresTransactionManager(database: database)
        transfers = PostgresTransferManager(database: database)
        transferDrafts = PostgresTransferDraftManager(database: database, quota: quotas.openDrafts)
    }

    public func isAvailable() -> Bool {
        database.isAvailable()
    }
}
