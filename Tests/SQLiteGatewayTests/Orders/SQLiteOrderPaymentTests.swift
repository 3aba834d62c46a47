import Domain
import Foundation
import SQLRows
import GatewayTestSupport
import Testing
@testable import SQLiteGateway

@Suite("SQLite order payments")
struct SQLiteOrderPaymentTests {
    /// `NewOrder.fixture` totalling `total` cents, paid from `account` with debit `t_pay`.
    func paidOrder(_ id: String = "o_1", from account: String = "a_u_alice", total: Int64 = 10_000) -> NewOrder {
        var order = NewOrder.fixture(id: id, total: total)
        order.payment = OrderPayment(accountID: AccountID(account), transactionID: "t_pay_\(id)")
        return order
    }

    func fund(_ account: String, _ amount: Int64, in temporary: TemporaryDatabase) throws {
        let credit = Transaction(
            id: TransactionID("import_\(account)"), accountID: AccountID(account), group: .posted, direction: .credit,
            date: CalendarDate(year: 2026, month: 11, day: 1)!, description: "Import", amount: amount)
        try SQLiteTransactionManager(database: temporary.database).insert([credit]) { _ in }
    }

    @Test("cancelling voids the payment with a reversing authorized credit naming the debit, and the balance returns")
    func cancelVoids() throws {
        let temporary = try TemporaryDatabase()
        try fund("a_u_alice", 12_000, in: temporary)
        let orders = SQLiteOrderManager(database: temporary.database)
        _ = try orders.placed(paidOrder())
        let accounts = SQLiteAccountManager(database: temporary.database)
        #expect(try accounts.balance(of: AccountID("a_u_alice")) == 2_000)
        guard case .cancelled = try orders.cancel(id: OrderID("o_1"), owner: UserID("u_alice"), at: Date(timeIntervalSince1970: 1_795_100_000)) else {
            Issue.record("not cancelled")
            return
        }
        #expect(try accounts.balance(of: AccountID("a_u_alice")) == 12_000)
        let rows = try temporary.database.read { connection in
            try connection.statement("SELECT id, txn_group, direction, amount, reverses_id, description FROM transactions WHERE account_id = 'a_u_alice' ORDER BY seq")
                .rows { [$0.string(at: 0), $0.string(at: 1), $0.string(at: 2), String($0.int64(at: 3)), $0.string(at: 4), $0.string(at: 5)] }
        }
        #expect(rows.count == 3)
        #expect(rows.last == ["t_pay_o_1_void", "authorized", "credit", "10000", "t_pay_o_1", "Void: Order SO-000001"])
        // A second cancel is refused and voids nothing twice.
        guard case .notPlaced = try orders.cancel(id: OrderID("o_1"), owner: UserID("u_alice"), at: Date(timeIntervalSince1970: 1_795_100_001)) else {
            Issue.record("cancelled twice")
            return
        }
        #expect(try temporary.count("transactions") == 3)
    }
}
