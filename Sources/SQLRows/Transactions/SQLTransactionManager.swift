import Domain

/// `TransactionManager` on the `transactions` table, on either gateway (`?N` texts); `seq` (SQLite's
/// rowid, PostgreSQL's identity column) is the insertion order.
public struct SQLTransactionManager<Database: SQLDatabase>: TransactionManager {
    /// Parameters: ?1 account, ?2 group, ?3 from, ?4 to, ?5 limit (PostgreSQL refuses a
    /// parameter the text never names, so the first page has none for the cursor). A NULL filter
    /// matches everything; the planner still uses the account's date index. The casts tell
    /// PostgreSQL the type of a parameter only tested for NULL.
    static var list: String {
        """
        SELECT \(TransactionRow.columns) FROM transactions WHERE account_id = ?1 \
        AND (CAST(?2 AS TEXT) IS NULL OR txn_group = ?2) AND (CAST(?3 AS TEXT) IS NULL OR date >= ?3) \
        AND (CAST(?4 AS TEXT) IS NULL OR date <= ?4) ORDER BY date DESC, seq DESC LIMIT ?5
        """
    }
    /// Parameters: as `list`, then ?5 cursor date, ?6 cursor seq, ?7 limit.
    static var listAfter: String {
        """
        SELECT \(TransactionRow.columns) FROM transactions WHERE account_id = ?1 \
        AND (CAST(?2 AS TEXT) IS NULL OR txn_group = ?2) AND (CAST(?3 AS TEXT) IS NULL OR date >= ?3) \
        AND (CAST(?4 AS TEXT) IS NULL OR date <= ?4) AND (date, seq) < (CAST(?5 AS TEXT), CAST(?6 AS BIGINT)) \
        ORDER BY date DESC, seq DESC LIMIT ?7
        """
    }
    /// How many rows an import stores between two progress reports.
    static var progressStep: Int { 10_000 }

    private let database: Database
    private let locksAccounts: Bool

    /// Transactions on `database`; where its writers run side by side (`SQLDialect.locksRows`),
    /// an import locks its accounts first (`AccountLocks`), as every balance-dependent write does.
    public init(database: Database) {
        self.database = database
        locksAccounts = Database.dialect.locksRows
    }

    public func list(account: AccountID, filter: TransactionFilter, after cursor: TransactionCursor?, limit: Int) throws -> [Transaction] {
        guard limit > 0 else { return [] }
        var values: [SQLValue] = [
            .text(account.rawValue), SQLValue(filter.group?.rawValue), SQLValue(filter.from?.description),
            SQLValue(filter.to?.description),
        ]
        if let cursor { values += [.text(cursor.date.description), .integer(cursor.sequence)] }
        values.append(.integer(Int64(limit)))
        return try database.rows(cursor == nil ? Self.list : Self.listAfter, values, TransactionRow.transaction)
    }

    public func fetch(id: TransactionID, owner: UserID) throws -> Transaction? {
        try database.first(TransactionRow.fetchOwned, [.text(id.rawValue), .text(owner.rawValue)], TransactionRow.transaction)
    }

    /// A connection of its own in one read transaction (`SQLDatabase.openSnapshot`).
    public func reportReader(account: AccountID, owner: UserID, from: CalendarDate, to: CalendarDate) throws -> any TransactionReportReader {
        let database = self.database
        return TransactionReportPages(connection: try database.openSnapshot(for: owner), account: account, from: from, to: to) { connection in
            database.closeSnapshot(connection, for: owner)
        }
    }

    public func insert(_ transactions: [Transaction], progress: (_ stored: Int) -> Void) throws {
        // The highest count reported: a write run again after a deadlock (PostgreSQL) must not
        // report again what the caller has already been told.
        var reported = 0
        try GatewayError.mapping {
            // One transaction for the whole batch: all or nothing, one commit (one fsync) however
            // many rows; each connection prepares the insert once.
            try database.write { connection -> Void in
                // The triggers update each row's account balance: lock those accounts first, in
                // the order every balance-dependent write uses, so an import and a transfer
                // never deadlock on each other.
                if locksAccounts { try AccountLocks.lock(transactions.map(\.accountID), on: connection) }
                for (index, transaction) in transactions.enumerated() {
                    try connection.run(TransactionRow.insert, TransactionRow.values(of: transaction))
                    if (index + 1) % Self.progressStep == 0, index + 1 > reported {
                        reported = index + 1
                        progress(index + 1)
                    }
                }
            }
        }
        if transactions.count % Self.progressStep != 0 || transactions.isEmpty { progress(transactions.count) }
    }
}
