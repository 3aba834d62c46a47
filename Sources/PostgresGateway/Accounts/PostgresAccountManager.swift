import Domain
import SQLRows

/// `AccountManager` on the `accounts` table; each row stores its balance, which triggers on
/// `transactions` keep equal to the sum of its transactions (migration 0006).
public struct PostgresAccountManager: AccountManager {
    static let insert = AccountRow.insert
    /// Parameters: $1 owner, $2 limit (PostgreSQL refuses a parameter the text never names, so
    /// the first page has none for the cursor).
    static let list = "SELECT \(AccountRow.columns) FROM accounts WHERE owner_id = $1 ORDER BY created_at, id LIMIT $2"
    /// Parameters: $1 owner, $2 cursor created_at, $3 cursor id, $4 limit.
    static let listAfter = """
        SELECT \(AccountRow.columns) FROM accounts WHERE owner_id = $1 AND (created_at, id) > ($2::bigint, $3::text) \
        ORDER BY created_at, id LIMIT $4
        """
    static let fetchOwned = "SELECT \(AccountRow.columns) FROM accounts WHERE id = $1 AND owner_id = $2"
    static let fetchAny = "SELECT \(AccountRow.columns) FROM accounts WHERE id = $1"
    /// No row (0) for a missing account, as the sum over no transactions was.
    static let balance = "SELECT balance FROM accounts WHERE id = $1"
    /// Locks one account row until the write commits: every write whose decision depends on a
    /// balance (transfers, paid orders, imports) takes its accounts' locks first, in id order
    /// (`COLLATE "C"`, byte order), so two of them never wait on each other in a cycle.
    static let lock = "SELECT id FROM accounts WHERE id = $1 FOR UPDATE"

    /// How many accounts the owner holds, for the account quota.
    static let accountCount = "SELECT count(*) FROM accounts WHERE owner_id = $1"
    /// The owner's row, locked first: concurrent creates of one owner are counted one by one.
    static let lockOwner = "SELECT 1 FROM users WHERE id = $1 FOR UPDATE"

    private let database: PostgresDatabase
    /// Most accounts per owner; nil for no quota.
    private let quota: Int?

    public init(database: PostgresDatabase, quota: Int? = StorageQuotas.standard.accounts) {
        self.database = database
        self.quota = quota
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
                try QuotaCheck.ensureRoom(on: connection, .accounts, limit: quota, lock: Self.lockOwner, count: Self.accountCount, [.text(account.ownerID.rawValue)])
                try connection.run(Self.insert, AccountRow.values(of: account))
            }
        }
    }

    public func balance(of id: AccountID) throws -> Int64 {
        try GatewayError.mapping {
            try database.read { connection in
                try connection.statement(Self.balance).rows([.text(id.rawValue)]) { $0.int64(at: 0) }.first ?? 0
            }
        }
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
