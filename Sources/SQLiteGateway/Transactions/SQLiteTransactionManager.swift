import Domain
import SQLRows

/// `TransactionManager` on the `transactions` table; `seq` (the rowid) is the insertion order.
public struct SQLiteTransactionManager: TransactionManager {
    static let insert = TransactionRow.insert
    /// Parameters: ?1 account, ?2 group, ?3 from, ?4 to, ?5 cursor date, ?6 cursor seq, ?7 limit.
    /// A NULL filter matches everything; the planner still uses the account's date index.
    static let list = """
        SELECT \(TransactionRow.columns) FROM transactions WHERE account_id = ?1 \
        AND (?2 IS NULL OR txn_group = ?2) AND (?3 IS NULL OR date >= ?3) AND (?4 IS NULL OR date <= ?4) \
        ORDER BY date DESC, seq DESC LIMIT ?7
        """
    static let listAfter = """
        SELECT \(TransactionRow.columns) FROM transactions WHERE account_id = ?1 \
        AND (?2 IS NULL OR txn_group = ?2) AND (?3 IS NULL OR date >= ?3) AND (?4 IS NULL OR date <= ?4) \
        AND (date, seq) < (?5, ?6) ORDER BY date DESC, seq DESC LIMIT ?7
        """
    /// How many rows an import stores between two progress reports.
    static let progressStep = 10_000

    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func list(account: AccountID, filter: TransactionFilter, after cursor: TransactionCursor?, limit: Int) throws -> [Transaction] {
        guard limit > 0 else { return [] }
        let values: [SQLValue] = [
            .text(account.rawValue), SQLValue(filter.group?.rawValue), SQLValue(filter.from?.description),
            SQLValue(filter.to?.description), SQLValue(cursor?.date.description), SQLValue(cursor?.sequence),
            .integer(Int64(limit)),
        ]
        return try database.rows(cursor == nil ? Self.list : Self.listAfter, values, TransactionRow.transaction)
    }

    public func fetch(id: TransactionID, owner: UserID) throws -> Transaction? {
        try database.rows(TransactionRow.fetchOwned, [.text(id.rawValue), .text(owner.rawValue)], TransactionRow.transaction).first
    }

    /// One connection of its own in one read transaction (`Database.openSnapshot`).
    public func reportReader(account: AccountID, owner: UserID, from: CalendarDate, to: CalendarDate) throws -> any TransactionReportReader {
        let database = self.database
        return TransactionReportPages(connection: try database.openSnapshot(for: owner), account: account, from: from, to: to) { connection in
            database.closeSnapshot(connection, for: owner)
        }
    }

    public func insert(_ transactions: [Transaction], progress: (_ stored: Int) -> Void) throws {
        try GatewayError.mapping {
            // One transaction and one prepared statement for the whole batch: all or nothing, and
            // one commit (one fsync) however many rows.
            try database.write { connection -> Void in
                let statement = try connection.statement(Self.insert)
                for (index, transaction) in transactions.enumerated() {
                    try statement.run(TransactionRow.values(of: transaction))
                    if (index + 1) % Self.progressStep == 0 { progress(index + 1) }
                }
            }
        }
        if transactions.count % Self.progressStep != 0 || transactions.isEmpty { progress(transactions.count) }
    }
}
