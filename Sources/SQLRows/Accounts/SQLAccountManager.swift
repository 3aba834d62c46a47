import Domain

/// `AccountManager` on the `accounts` table, on either gateway; each row stores its balance,
/// which triggers on `transactions` keep equal to the sum of its transactions (migration 0006).
public struct SQLAccountManager<Database: SQLDatabase>: AccountManager {
    /// Parameters: ?1 owner, ?2 limit (PostgreSQL refuses a parameter the text never names, so
    /// the first page has none for the cursor).
    static var list: String { "SELECT \(AccountRow.columns) FROM accounts WHERE owner_id = ?1 ORDER BY created_at, id LIMIT ?2" }
    /// Parameters: ?1 owner, ?2 cursor created_at, ?3 cursor id, ?4 limit; the casts tell
    /// PostgreSQL the types of a row comparison's parameters.
    static var listAfter: String {
        """
        SELECT \(AccountRow.columns) FROM accounts WHERE owner_id = ?1 AND (created_at, id) > (CAST(?2 AS BIGINT), CAST(?3 AS TEXT)) \
        ORDER BY created_at, id LIMIT ?4
        """
    }
    static var fetchOwned: String { "SELECT \(AccountRow.columns) FROM accounts WHERE id = ?1 AND owner_id = ?2" }
    static var fetchAny: String { "SELECT \(AccountRow.columns) FROM accounts WHERE id = ?1" }
    /// No row (0) for a missing account, as the sum over no transactions was.
    static var balance: String { "SELECT balance FROM accounts WHERE id = ?1" }
    /// Both amounts from one row, so they agree.
    static var amounts: String { "SELECT balance, pending_debits FROM accounts WHERE id = ?1" }
    /// How many accounts the owner holds, for the account quota.
    static var accountCount: String { "SELECT count(*) FROM accounts WHERE owner_id = ?1" }

    private let database: Database
    /// Most accounts per owner; nil for no quota.
    private let quota: Int?
    private let lock: String?

    /// Accounts on `database`; where its writers run side by side (`SQLDialect.locksRows`), the
    /// quota's count first locks the owner's row.
    public init(database: Database, quota: Int? = StorageQuotas.standard.accounts) {
        self.database = database
        self.quota = quota
        lock = Database.dialect.locksRows ? QuotaCheck.lockOwner : nil
    }

    public func list(owner: UserID, after cursor: AccountCursor?, limit: Int) throws -> [Account] {
        guard limit > 0 else { return [] }
        let values: [SQLValue] = if let cursor {
            [.text(owner.rawValue), .integer(Milliseconds.from(cursor.createdAt)), .text(cursor.id.rawValue), .integer(Int64(limit))]
        } else {
            [.text(owner.rawValue), .integer(Int64(limit))]
        }
        return try database.rows(cursor == nil ? Self.list : Self.listAfter, values, AccountRow.account)
    }

    public func fetch(id: AccountID, owner: UserID) throws -> Account? {
        try database.first(Self.fetchOwned, [.text(id.rawValue), .text(owner.rawValue)], AccountRow.account)
    }

    public func fetch(id: AccountID) throws -> Account? {
        try database.first(Self.fetchAny, [.text(id.rawValue)], AccountRow.account)
    }

    public func insert(_ account: Account) throws {
        try GatewayError.mapping {
            try database.write { connection in
                try QuotaCheck.ensureRoom(on: connection, .accounts, limit: quota, lock: lock, count: Self.accountCount, [.text(account.ownerID.rawValue)])
                try connection.run(AccountRow.insert, AccountRow.values(of: account))
            }
        }
    }

    public func balance(of id: AccountID) throws -> Int64 {
        try database.first(Self.balance, [.text(id.rawValue)]) { $0.int64(at: 0) } ?? 0
    }

    public func amounts(of id: AccountID) throws -> AccountAmounts {
        try database.first(Self.amounts, [.text(id.rawValue)]) { AccountAmounts(balance: $0.int64(at: 0), pending: $0.int64(at: 1)) }
            ?? AccountAmounts(balance: 0, pending: 0)
    }
}
