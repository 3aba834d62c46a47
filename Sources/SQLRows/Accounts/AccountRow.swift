import Domain
import Foundation

/// How an `Account` is laid out in a row of `accounts`, both ways.
public enum AccountRow {
    /// The columns an account is read from and written to, in row order.
    public enum Column: Int32, SQLColumn {
        case id, owner_id, name, currency, credit_limit, created_at

        /// `accounts`.
        public static var table: String { "accounts" }
    }

    /// The columns `account(_:)` reads, in its order.
    public static let columns = Column.selectList

    /// An account from a row selected with `columns`; a NULL where the schema forbids one, or a
    /// currency this build does not know, is storage corruption, reported as a failure rather
    /// than guessed.
    @inlinable
    public static func account<Row: SQLRow>(_ row: Row) throws(GatewayError) -> Account {
        let row = row.columns(Column.self)
        let code: String = try row.required(.currency)
        guard let currency = Currency(code: code) else { throw SQLReadFailure.unreadable(Column.currency, code) }
        return Account(
            id: AccountID(try row.required(.id)), ownerID: UserID(try row.required(.owner_id)), name: try row.required(.name),
            currency: currency, creditLimit: try row.required(.credit_limit), createdAt: try row.required(.created_at))
    }

    /// The insert both gateways run (PostgreSQL's connection numbers `?N` its own way).
    public static let insert = SQLColumnText.insert(into: Column.table, Column.allCases.map(\.name))

    /// Parameters of `insert`, one per column.
    public static func values(of account: Account) -> [SQLValue] {
        Column.allCases.map { value($0, of: account) }
    }

    /// What `account` stores in `column`.
    public static func value(_ column: Column, of account: Account) -> SQLValue {
        switch column {
        case .id: .text(account.id.rawValue)
        case .owner_id: .text(account.ownerID.rawValue)
        case .name: .text(account.name)
        case .currency: .text(account.currency.code)
        case .credit_limit: .integer(account.creditLimit)
        case .created_at: .integer(Milliseconds.from(account.createdAt))
        }
    }
}
