import Domain

/// A banking report's reads (`TransactionReportReader`) on a connection either gateway holds in
/// one read transaction for the report's length; the SQL is the same on both (PostgreSQL's
/// connection writes `?N` as `$N`). Pages are keyset reads on the report's order, `(date, seq)`,
/// each served by the account's group-and-date index from where the last one ended.
public final class TransactionReportPages<Connection: SQLConnection>: TransactionReportReader {
    /// Parameters: ?1 account, ?2 from, ?3 to, ?4 limit. Reads at most `limit` entries of the
    /// account's date index, whatever the period holds.
    public static var count: String {
        "SELECT count(*) FROM (SELECT 1 FROM transactions WHERE account_id = ?1 AND date BETWEEN ?2 AND ?3 LIMIT ?4) AS capped"
    }
    /// Parameters: ?1 account, ?2 group, ?3 from, ?4 to, ?5 limit.
    public static var firstPage: String {
        """
        SELECT \(TransactionRow.columns) FROM transactions WHERE account_id = ?1 AND txn_group = ?2 \
        AND date BETWEEN ?3 AND ?4 ORDER BY date, seq LIMIT ?5
        """
    }
    /// Parameters: as `firstPage`, then ?6 the last row's date, ?7 its seq.
    public static var nextPage: String {
        """
        SELECT \(TransactionRow.columns) FROM transactions WHERE account_id = ?1 AND txn_group = ?2 \
        AND date BETWEEN ?3 AND ?4 AND (date, seq) > (?6, ?7) ORDER BY date, seq LIMIT ?5
        """
    }

    /// Parameters: ?1 account, ?2 from (Unix ms, inclusive), ?3 to (exclusive), ?4 limit.
    public static var pending: String {
        """
        SELECT \(TransferRow.columns) FROM transfers WHERE from_account_id = ?1 AND status = 'pending' \
        AND created_at >= ?2 AND created_at < ?3 ORDER BY created_at, id LIMIT ?4
        """
    }

    private var connection: Connection?
    private let account: AccountID
    private let from: CalendarDate
    private let to: CalendarDate
    private let release: (Connection) -> Void

    /// - Parameter release: ends the transaction on the connection and gives it back; called
    ///   once, by `close()` or when the reader is dropped unclosed.
    public init(connection: Connection, account: AccountID, from: CalendarDate, to: CalendarDate, release: @escaping (Connection) -> Void) {
        self.connection = connection
        self.account = account
        self.from = from
        self.to = to
        self.release = release
    }

    deinit {
        close()
    }

    public func count(upTo limit: Int) throws -> Int {
        guard limit > 0 else { return 0 }
        let values: [SQLValue] = [.text(account.rawValue), .text(from.description), .text(to.description), .integer(Int64(limit))]
        return try GatewayError.mapping { try open().rows(Self.count, values) { $0.int(at: 0) }.first ?? 0 }
    }

    public func page(group: TransactionGroup, after cursor: TransactionCursor?, limit: Int) throws -> [Transaction] {
        guard limit > 0 else { return [] }
        var values: [SQLValue] = [
            .text(account.rawValue), .text(group.rawValue), .text(from.description), .text(to.description), .integer(Int64(limit)),
        ]
        if let cursor { values += [.text(cursor.date.description), .integer(cursor.sequence)] }
        return try GatewayError.mapping {
            try open().rows(cursor == nil ? Self.firstPage : Self.nextPage, values, TransactionRow.transaction)
        }
    }

    public func pendingTransfers(limit: Int) throws -> [Transfer] {
        guard limit > 0 else { return [] }
        // The period's days as instants: from the first day's midnight to the day after the last.
        let start = Int64(from.dayNumber) * Self.dayMilliseconds
        let end = (Int64(to.dayNumber) + 1) * Self.dayMilliseconds
        let values: [SQLValue] = [.text(account.rawValue), .integer(start), .integer(end), .integer(Int64(limit))]
        return try GatewayError.mapping { try open().rows(Self.pending, values, TransferRow.transfer) }
    }

    private static var dayMilliseconds: Int64 { 86_400_000 }

    public func close() {
        guard let connection else { return }
        self.connection = nil
        release(connection)
    }

    private func open() throws -> Connection {
        guard let connection else { throw GatewayError.failure("the report's snapshot is closed") }
        return connection
    }
}
