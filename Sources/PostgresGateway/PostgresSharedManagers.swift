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
    /// Locks one account row until the write commits: every write whose decision depends on a
    /// balance (transfers, paid orders, imports) takes its accounts' locks first, in id order
    /// (`COLLATE "C"`, byte order), so two of them never wait on each other in a cycle.
    static var lock: String { "SELECT id FROM accounts WHERE id = $1 FOR UPDATE" }

    /// Accounts on PostgreSQL, whose concurrent writers count an owner's accounts after locking
    /// the owner's row.
    public init(database: PostgresDatabase, quota: Int? = StorageQuotas.standard.accounts) {
        self.init(database: database, quota: quota, locksOwner: true)
    }

    /// Locks the rows of `ids` (duplicates and missing accounts allowed) in byte order of their
    /// ids, the order `accounts.id COLLATE "C"` sorts by; call inside a `write`.
    static func lock(_ ids: [AccountID], on connection: PostgresConnection) throws {
        let ordered = Set(ids.map(\.rawValue)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let statement = connection.statement(lock)
        for id in ordered {
            try statement.run([.text(id)])
        }
    }
}
