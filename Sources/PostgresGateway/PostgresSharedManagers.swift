import Domain
import SQLRows

/// The user, product and draft managers on PostgreSQL: the shared implementations over this
/// gateway's `PostgresDatabase`, told only what PostgreSQL does differently.
public typealias PostgresUserManager = SQLUserManager<PostgresDatabase>
/// `SQLProductManager` on PostgreSQL.
public typealias PostgresProductManager = SQLProductManager<PostgresDatabase>
/// `SQLTransferDraftManager` on PostgreSQL.
public typealias PostgresTransferDraftManager = SQLTransferDraftManager<PostgresDatabase>
/// `SQLAccountManager` on PostgreSQL.
public typealias PostgresAccountManager = SQLAccountManager<PostgresDatabase>
/// `SQLTransferManager` on PostgreSQL.
public typealias PostgresTransferManager = SQLTransferManager<PostgresDatabase>
/// `SQLTransactionManager` on PostgreSQL.
public typealias PostgresTransactionManager = SQLTransactionManager<PostgresDatabase>
/// `SQLOrderManager` on PostgreSQL.
public typealias PostgresOrderManager = SQLOrderManager<PostgresDatabase>
/// `SQLIdempotencyManager` on PostgreSQL.
public typealias PostgresIdempotencyManager = SQLIdempotencyManager<PostgresDatabase>

extension SQLUserManager where Database == PostgresDatabase {
    /// The unique constraint behind `.emailTaken` (PostgreSQL's name for `email … UNIQUE`).
    static var emailConstraint: String { "users_email_key" }

    /// Users on PostgreSQL, whose unique violation names its constraint.
    public init(database: PostgresDatabase) {
        self.init(database: database, isEmailTaken: Self.isEmailTaken)
    }

    /// Whether `error` is PostgreSQL's unique violation of `users.email`.
    @Sendable static func isEmailTaken(_ error: any Error) -> Bool {
        (error as? PostgresError).map { $0.sqlState == "23505" && $0.constraint == emailConstraint } ?? false
    }
}

extension SQLTransferDraftManager where Database == PostgresDatabase {
    /// Drafts on PostgreSQL, whose concurrent writers count an owner's drafts after locking the
    /// owner's row.
    public init(database: PostgresDatabase, quota: Int? = StorageQuotas.standard.openDrafts) {
        self.init(database: database, quota: quota, locksOwner: true)
    }
}

extension SQLTransferManager where Database == PostgresDatabase {
    /// Transfers on PostgreSQL, which lock both accounts, in id order, before the funds are read:
    /// no other transfer, import or paid order can move either balance between the check and the
    /// debit, and two transfers in opposite directions take their locks in the same order.
    public init(database: PostgresDatabase) {
        self.init(database: database, locksAccounts: true)
    }
}

extension SQLAccountManager where Database == PostgresDatabase {
    /// Accounts on PostgreSQL, whose concurrent writers count an owner's accounts after locking
    /// the owner's row.
    public init(database: PostgresDatabase, quota: Int? = StorageQuotas.standard.accounts) {
        self.init(database: database, quota: quota, locksOwner: true)
    }
}

extension SQLTransactionManager where Database == PostgresDatabase {
    /// Transactions on PostgreSQL, whose imports lock their accounts first (`AccountLocks`), as
    /// every balance-dependent write does.
    public init(database: PostgresDatabase) {
        self.init(database: database, locksAccounts: true)
    }
}

extension SQLIdempotencyManager where Database == PostgresDatabase {
    /// Idempotency records on PostgreSQL, whose concurrent writers decide on an existing record
    /// under its row lock.
    public init(database: PostgresDatabase, policy: IdempotencyPolicy = .standard) {
        self.init(database: database, policy: policy, lockClause: " FOR UPDATE")
    }
}

extension SQLOrderManager where Database == PostgresDatabase {
    /// Orders on PostgreSQL, which lock the payment account from the funds check to the commit.
    public init(database: PostgresDatabase) {
        self.init(database: database, statements: OrderStatements(paymentAccountLock: " FOR UPDATE"))
    }
}
