import Domain
import SQLRows

/// `TransactionManager` on the `transactions` table; `seq` (an identity column) is the insertion
/// order.
public struct PostgresTransactionManager: TransactionManager {
    static let insert = TransactionRow.insert
    /// Parameters: $1 account, $2 group, $3 from, $4 to, $5 limit. A NULL filter matches
    /// everything; the planner still uses the account's date index.
    static let list = """
        SELECT \(TransactionRow.columns) FROM transactions WHERE account_id = $1 \
        AND ($2::text IS NULL OR txn_group = $2) AND ($3::text IS NULL OR date >= $3) AND ($4::text IS NULL OR date <= $4) \
        ORDER BY date DESC, seq DESC LIMIT $5
        """
    /// Parameters: as `list`, then $5 cursor date, $6 cursor seq, $7 limit.
    static let listAfter = """
        SELECT \(TransactionRow.columns) FROM transactions WHERE account_id = $1 \
        AND ($2::text IS NULL OR txn_group = $2) AND ($3::text IS NULL OR date >= $3) AND ($4::text IS NULL OR date <= $4) \
        AND (date, seq) < ($5::text, $6::bigint) ORDER BY date DESC, seq DESC LIMIT $7
        """
    /// How many rows an import stores between two progress reports.
    static let progressStep = 10_000

    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
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
        try database.rows(TransactionRow.fetchOwned, [.text(id.rawValue), .text(owner.rawValue)], TransactionRow.transaction).first
    }

    /// A pooled connection in one `REPEATABLE READ` transaction (`PostgresDatabase.openSnapshot`).
    public func reportReader(account: AccountID, owner: UserID, from: CalendarDate, to: CalendarDate) throws -> any TransactionReportReader {
        let database = self.database
        return TransactionReportPages(connection: try database.openSnapshot(for: owner), account: account, from: from, to: to) { connection in
            database.closeSnapshot(connection, for: owner)
        }
    }

    public func insert(_ transactions: [Transaction], progress: (_ stored: Int) -> Void) throws {
        // The highest count reported: a write run again after a deadlock must not report again
        // what the caller has already been told.
        var reported = 0
        try GatewayError.mapping {
            // One transaction for the whole batch: all or nothing, one commit however many rows.
            try database.write { connection -> Void in
                // The triggers update each row's account balance: lock those accounts first, in
                // the order every balance-dependent write uses, so an import and a transfer
                // never deadlock on each other.
                try PostgresAccountManager.lock(transactions.map(\.accountID), on: connection)
                let statement = connection.statement(Self.insert)
                for (index, transaction) in transactions.enumerated() {
                    try statement.run(TransactionRow.values(of: transaction))
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
