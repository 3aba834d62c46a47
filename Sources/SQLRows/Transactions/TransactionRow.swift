import Domain

/// How a `Transaction` is laid out in a row of `transactions`, both ways.
public enum TransactionRow {
    /// The columns `transaction(_:)` reads, in its order.
    public static let columns = "seq, id, account_id, txn_group, direction, date, description, amount"
    /// One transaction, with `values(of:)` (its `seq` is the table's to give).
    public static let insert = """
        INSERT INTO transactions (id, account_id, txn_group, direction, date, description, amount) \
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
        """

    /// The transaction `?1` if it is on an account of user `?2` (the id is unique).
    public static let fetchOwned = """
        SELECT \(columns) FROM transactions WHERE id = ?1 AND account_id IN (SELECT id FROM accounts WHERE owner_id = ?2)
        """

    /// A transaction from a row selected with `columns`; values the table's CHECKs forbid are
    /// storage corruption, reported as a failure rather than guessed.
    @inlinable
    public static func transaction<Row: SQLRow>(_ row: Row) throws -> Transaction {
        guard let group = row.string(at: 3).flatMap(TransactionGroup.init(rawValue:)),
            let direction = row.string(at: 4).flatMap(TransactionDirection.init(rawValue:)),
            let date = row.string(at: 5).flatMap(CalendarDate.init)
        else { throw GatewayError.failure("unreadable transaction row \(row.int64(at: 0))") }
        return Transaction(
            id: TransactionID(row.string(at: 1) ?? ""), accountID: AccountID(row.string(at: 2) ?? ""), group: group,
            direction: direction, date: date, description: row.string(at: 6) ?? "", amount: row.int64(at: 7), sequence: row.int64(at: 0))
    }

    /// Parameters 1…7 of each gateway's transaction insert (the sequence is the database's to assign).
    public static func values(of transaction: Transaction) -> [SQLValue] {
        [
            .text(transaction.id.rawValue), .text(transaction.accountID.rawValue), .text(transaction.group.rawValue),
            .text(transaction.direction.rawValue), .text(transaction.date.description), .text(transaction.description),
            .integer(transaction.amount),
        ]
    }
}
