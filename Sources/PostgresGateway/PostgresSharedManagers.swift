import Domain
import SQLRows

/// The user, product and draft managers on PostgreSQL: the shared implementations over this
/// gateway's `PostgresDatabase`, told only what PostgreSQL does differently.
public typealias PostgresUserManager = SQLUserManager<PostgresDatabase>
/// `SQLProductManager` on PostgreSQL.
public typealias PostgresProductManager = SQLProductManager<PostgresDatabase>
/// `SQLTransferDraftManager` on PostgreSQL.
public typealias PostgresTransferDraftManager = SQLTransferDraftManager<PostgresDatabase>
/// `SQLTransferManager` on PostgreSQL.
public typealias PostgresTransferManager = SQLTransferManager<PostgresDatabase>

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
