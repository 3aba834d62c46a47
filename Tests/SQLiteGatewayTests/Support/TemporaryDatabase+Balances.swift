import Foundation
@testable import SQLiteGateway

extension TemporaryDatabase {
    /// Every account's balance recomputed from its transactions (credits − debits over both
    /// groups), by account id: the definition the stored balances must always agree with.
    func summedBalances() throws -> [String: Int64] {
        try balances("""
            SELECT id, (SELECT coalesce(sum(CASE direction WHEN 'credit' THEN amount ELSE -amount END), 0) \
            FROM transactions WHERE account_id = accounts.id) FROM accounts
            """)
    }

    /// Every account's stored balance column, by account id.
    func storedBalances() throws -> [String: Int64] {
        try balances("SELECT id, balance FROM accounts")
    }

    private func balances(_ sql: String) throws -> [String: Int64] {
        let rows = try database.read { connection in
            try connection.statement(sql).rows { ($0.string(at: 0) ?? "", $0.int64(at: 1)) }
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }
}
