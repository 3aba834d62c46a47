import Domain

/// The Domain's `EntityGateway` on one SQLite `Database`: every EntityManager shares it.
public final class SQLiteEntityGateway: EntityGateway {
    /// The database every manager uses, for statistics and migrations.
    public let database: Database
    public let contacts: any ContactManager
    public let users: any UserManager
    public let sessions: any SessionManager
    public let products: any ProductManager
    public let orders: any OrderManager
    public let idempotency: any IdempotencyManager
    public let accounts: any AccountManager
    public let transactions: any TransactionManager
    public let transfers: any TransferManager
    public let transferDrafts: any TransferDraftManager

    public init(database: Database) {
        self.database = database
        contacts = SQLiteContactManager(database: database)
        users = SQLiteUserManager(database: database)
        sessions = SQLiteSessionManager(database: database)
        products = SQLiteProductManager(database: database)
        orders = SQLiteOrderManager(database: database)
        idempotency = SQLiteIdempotencyManager(database: database)
        accounts = SQLiteAccountManager(database: database)
        transactions = SQLiteTransactionManager(database: database)
        transfers = SQLiteTransferManager(database: database)
        transferDrafts = SQLiteTransferDraftManager(database: database)
    }

    public func isAvailable() -> Bool {
        database.isAvailable()
    }
}
