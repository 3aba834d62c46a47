import Domain
import SQLRows

/// `AccountManager` on the `accounts` table; each row stores its balance, which triggers on
/// `transactions` keep equal to the sum of its transactions (migration 0006).
public struct SQLiteAccountManager: AccountManager {
    static let insert = AccountRow.insert
    /// Parameters: ?1 owner, ?2 cursor created_at, ?3 cursor id, ?4 limit.
    static let list = "SELECT \(AccountRow.columns) FROM accounts WHERE owner_id = ?1 ORDER BY created_at, id LIMIT ?4"
    static let listAfter = """
        SELECT \(AccountRow.columns) FROM accounts WHERE owner_id = ?1 AND (created_at, id) > (?2, ?3) \
        ORDER BY created_at, id LIMIT ?4
        """
    static let fetchOwned = "SELECT \(AccountRow.columns) FROM accounts WHERE id = ?1 AND owner_id = ?2"
    static let fetchAny = "SELECT \(AccountRow.columns) FROM accounts WHERE id = ?1"
    /// No row (0) for a missing account, as the sum over no transactions was.
    static let balance = "SELECT balance FROM accounts WHERE id = ?1"

    /// How many accounts the owner holds, for the account quota.
    static let accountCount = "SELECT count(*) FROM accounts WHERE owner_id = ?1"

    private let database: Database
    /// Most accounts per owner; nil for no quota.
    private let quota: Int?

    public init(database: Database, quota: Int? = StorageQuotas.standard.accounts) {
        self.database = database
        self.quota = quota
    }

    public func list(owner: UserID, after cursor: AccountCursor?, limit: Int) throws -> [Account] {
        guard limit > 0 else { return [] }
        let values: [SQLValue] = [
            .text(owner.rawValue), cursor.map { .integer(Milliseconds.from($0.createdAt)) } ?? .null, SQLValue(cursor?.id.rawValue),
            .integer(Int64(limit)),
        ]
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
                try QuotaCheck.ensureRoom(on: connection, .accounts, limit: quota, count: Self.accountCount, [.text(account.ownerID.rawValue)])
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
}
