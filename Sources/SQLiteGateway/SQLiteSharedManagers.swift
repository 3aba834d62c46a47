import CSQLite
import Domain
import SQLRows

/// The user, product and draft managers on SQLite: the shared implementations over this
/// gateway's `Database`, told only what SQLite says differently.
public typealias SQLiteUserManager = SQLUserManager<Database>
/// This gateway's `Database`, named so the shared managers' extensions below can tell it from
/// their own `Database` parameter.
public typealias SQLiteDatabase = Database
/// `SQLProductManager` on SQLite.
public typealias SQLiteProductManager = SQLProductManager<Database>
/// `SQLTransferDraftManager` on SQLite.
public typealias SQLiteTransferDraftManager = SQLTransferDraftManager<Database>
/// `SQLAccountManager` on SQLite.
public typealias SQLiteAccountManager = SQLAccountManager<Database>
/// `SQLTransferManager` on SQLite.
public typealias SQLiteTransferManager = SQLTransferManager<Database>
/// `SQLTransactionManager` on SQLite.
public typealias SQLiteTransactionManager = SQLTransactionManager<Database>
/// `SQLOrderManager` on SQLite.
public typealias SQLiteOrderManager = SQLOrderManager<Database>
/// `SQLIdempotencyManager` on SQLite.
public typealias SQLiteIdempotencyManager = SQLIdempotencyManager<Database>

extension SQLUserManager where Database == SQLiteDatabase {
    /// Users on SQLite, whose unique violation of `users.email` names the column.
    public init(database: Database) {
        self.init(database: database, isEmailTaken: Self.isEmailTaken)
    }

    /// Whether `error` is SQLite's unique violation of `users.email`.
    @Sendable static func isEmailTaken(_ error: any Error) -> Bool {
        (error as? SQLiteError).map { $0.code == SQLITE_CONSTRAINT && $0.message.contains("users.email") } ?? false
    }
}

extension SQLTransferDraftManager where Database == SQLiteDatabase {
    /// Drafts on SQLite, whose one writer counts an owner's drafts without a lock.
    public init(database: Database, quota: Int? = StorageQuotas.standard.openDrafts) {
        self.init(database: database, quota: quota, locksOwner: false)
    }
}

extension SQLTransferManager where Database == SQLiteDatabase {
    /// Transfers on SQLite, whose one writer needs no lock between the funds check and the debit.
    public init(database: Database) {
        self.init(database: database, locksAccounts: false)
    }
}

extension SQLAccountManager where Database == SQLiteDatabase {
    /// Accounts on SQLite, whose one writer counts an owner's accounts without a lock.
    public init(database: Database, quota: Int? = StorageQuotas.standard.accounts) {
        self.init(database: database, quota: quota, locksOwner: false)
    }
}

extension SQLIdempotencyManager where Database == SQLiteDatabase {
    /// Idempotency records on SQLite, whose one writer reads a record without a lock.
    public init(database: Database, policy: IdempotencyPolicy = .standard) {
        self.init(database: database, policy: policy, lockClause: "")
    }
}

extension SQLTransactionManager where Database == SQLiteDatabase {
    /// Transactions on SQLite, whose one writer imports without locking accounts.
    public init(database: Database) {
        self.init(database: database, locksAccounts: false)
    }
}

extension SQLOrderManager where Database == SQLiteDatabase {
    /// Orders on SQLite, whose one writer reads the payment account without a lock.
    public init(database: Database) {
        self.init(database: database, statements: OrderStatements(paymentAccountLock: ""))
    }
}
