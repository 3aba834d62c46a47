import Domain
import Foundation

/// How an `Account` is laid out in a row of `accounts`, both ways.
public enum AccountRow {
    /// The columns `account(_:)` reads, in its order.
    public static let columns = "id, owner_id, name, currency, credit_limit, created_at"

    /// An account from a row selected with `columns`; a currency this build does not know is
    /// storage corruption, reported as a failure rather than guessed.
    @inlinable
    public static func account<Row: SQLRow>(_ row: Row) throws -> Account {
        let code = row.string(at: 3) ?? ""
        guard let currency = Currency(code: code) else { throw GatewayError.failure("account with unknown currency \(code)") }
        return Account(
            id: AccountID(row.string(at: 0) ?? ""), ownerID: UserID(row.string(at: 1) ?? ""), name: row.string(at: 2) ?? "",
            currency: currency, creditLimit: row.int64(at: 4), createdAt: Milliseconds.date(row.int64(at: 5)))
    }

    /// The insert both gateways run (PostgreSQL's connection numbers `?N` its own way).
    public static let insert = "INSERT INTO accounts (\(columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"

    /// Parameters 1…6 of `insert`.
    public static func values(of account: Account) -> [SQLValue] {
        [
            .text(account.id.rawValue), .text(account.ownerID.rawValue), .text(account.name), .text(account.currency.code),
            .integer(account.creditLimit), .integer(Milliseconds.from(account.createdAt)),
        ]
    }
}
