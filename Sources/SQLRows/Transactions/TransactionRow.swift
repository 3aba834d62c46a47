import Domain

/// How a `Transaction` is laid out in a row of `transactions`, both ways.
public enum TransactionRow {
    /// The columns a transaction is read from, in row order; all but `seq` are written.
    public enum Column: Int32, SQLColumn {
        case seq, id, account_id, txn_group, direction, date, description, amount

        /// `transactions`.
        public static var table: String { "transactions" }
    }

    /// The columns `transaction(_:)` reads, in its order.
    public static let columns = Column.selectList
    /// The columns an insert writes: the sequence is the table's to assign.
    public static let insertedColumns = Column.allCases.filter { $0 != .seq }
    /// One transaction, with `values(of:)`.
    public static let insert = SQLColumnText.insert(into: Column.table, insertedColumns.map(\.name))
    /// Two transactions in one statement (a movement's debit and credit), with `values(of:)` of
    /// each in order: on PostgreSQL the balance trigger runs per statement, so both legs cost one
    /// trigger run and one update of the accounts instead of two of each.
    public static let insertPair = SQLColumnText.insert(into: Column.table, insertedColumns.map(\.name), rows: 2)
    /// `insertPair` on PostgreSQL, both legs only while `condition` holds (it names parameters
    /// from ?15 on), else neither. The first row spells each column's type: a `VALUES` list in
    /// `FROM` does not take them from the table as `INSERT … VALUES` does.
    public static func insertPair(where condition: String) -> String {
        let typed = insertedColumns.enumerated().map { "?\($0.offset + 1)::\($0.element == .amount ? "bigint" : "text")" }
        let second = SQLColumnText.placeholders(from: insertedColumns.count + 1, count: insertedColumns.count)
        return """
            INSERT INTO \(Column.table) (\(insertedColumns.map(\.name).joined(separator: ", "))) \
            SELECT * FROM (VALUES (\(typed.joined(separator: ", "))), (\(second))) AS legs WHERE \(condition)
            """
    }
    /// The transaction `?1` if it is on an account of user `?2` (the id is unique).
    public static let fetchOwned = """
        SELECT \(columns) FROM transactions WHERE id = ?1 AND account_id IN (SELECT id FROM accounts WHERE owner_id = ?2)
        """

    /// A transaction from a row selected with `columns`; a NULL or a value the table's CHECKs
    /// forbid is storage corruption, reported as a failure rather than guessed.
    @inlinable
    public static func transaction<Row: SQLRow>(_ row: Row) throws(GatewayError) -> Transaction {
        let row = row.columns(Column.self)
        let group: String = try row.required(.txn_group)
        let direction: String = try row.required(.direction)
        let date: String = try row.required(.date)
        guard let known = TransactionGroup(rawValue: group) else { throw SQLReadFailure.unreadable(Column.txn_group, group) }
        guard let way = TransactionDirection(rawValue: direction) else { throw SQLReadFailure.unreadable(Column.direction, direction) }
        guard let day = CalendarDate(date) else { throw SQLReadFailure.unreadable(Column.date, date) }
        return Transaction(
            id: TransactionID(try row.required(.id)), accountID: AccountID(try row.required(.account_id)), group: known,
            direction: way, date: day, description: try row.required(.description), amount: try row.required(.amount),
            sequence: try row.required(.seq, as: Int64.self))
    }

    /// Parameters of `insert`, one per column of `insertedColumns`.
    public static func values(of transaction: Transaction) -> [SQLValue] {
        insertedColumns.map { value($0, of: transaction) }
    }

    /// What `transaction` stores in `column`.
    public static func value(_ column: Column, of transaction: Transaction) -> SQLValue {
        switch column {
        case .seq: SQLValue(transaction.sequence)
        case .id: .text(transaction.id.rawValue)
        case .account_id: .text(transaction.accountID.rawValue)
        case .txn_group: .text(transaction.group.rawValue)
        case .direction: .text(transaction.direction.rawValue)
        case .date: .text(transaction.date.description)
        case .description: .text(transaction.description)
        case .amount: .integer(transaction.amount)
        }
    }
}
