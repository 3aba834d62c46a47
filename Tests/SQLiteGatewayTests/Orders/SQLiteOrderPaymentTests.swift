import Domain
import Foundation
import Testing
@testable import SQLiteGateway

@Suite("SQLite order payments")
struct SQLiteOrderPaymentTests {
    /// `NewOrder.fixture` totalling `total` cents, paid from `account` with debit `t_pay`.
    func paidOrder(_ id: String = "o_1", from account: String = "a_u_alice", total: Int64 = 10_000) -> NewOrder {
        var order = NewOrder.fixture(id: id, total: total)
        order.payment = OrderPayment(accountID: account, transactionID: "t_pay_\(id)")
        return order
    }

    func fund(_ account: String, _ amount: Int64, in temporary: TemporaryDatabase) throws {
        let credit = Transaction(
            id: TransactionID("import_\(account)"), accountID: AccountID(account), group: .posted, direction: .credit,
            date: CalendarDate(year: 2026, month: 11, day: 1)!, description: "Import", amount: amount)
        try SQLiteTransactionManager(database: temporary.database).insert([credit]) { _ in }
    }

    @Test("a paid order records an authorized debit of its total on the account, in the same transaction, and shows it as its payment")
    func authorizedDebit() throws {
        let temporary = try TemporaryDatabase()
        try fund("a_u_alice", 12_000, in: temporary)
        let orders = SQLiteOrderManager(database: temporary.database)
        let order = try orders.placed(paidOrder())
        #expect(order.payment == OrderPayment(accountID: "a_u_alice", transactionID: "t_pay_o_1"))
        let authorized = try SQLiteTransactionManager(database: temporary.database)
            .list(account: AccountID("a_u_alice"), filter: TransactionFilter(group: .authorized), after: nil, limit: 10)
        #expect(authorized.count == 1)
        #expect(authorized.first?.id == TransactionID("t_pay_o_1") && authorized.first?.direction == .debit && authorized.first?.amount == 10_000)
        #expect(authorized.first?.description == "Order \(order.number)")
        #expect(try SQLiteAccountManager(database: temporary.database).balance(of: AccountID("a_u_alice")) == 2_000)
    }

    @Test("insufficient funds, another user's account or another currency store nothing: no order, no line, no debit, no number")
    func refusalsStoreNothing() throws {
        let temporary = try TemporaryDatabase()
        try fund("a_u_alice", 9_999, in: temporary)
        try SQLiteAccountManager(database: temporary.database).insert(
            Account(id: AccountID("a_eur"), ownerID: UserID("u_alice"), name: "Euro", currency: .eur, createdAt: Date(timeIntervalSince1970: 0)))
        try fund("a_eur", 1_000_000, in: temporary)
        let orders = SQLiteOrderManager(database: temporary.database)
        #expect(try orders.create(paidOrder()) == .insufficientFunds)
        #expect(try orders.create(paidOrder(from: "a_u_bob")) == .paymentAccountNotFound)
        #expect(try orders.create(paidOrder(from: "a_missing")) == .paymentAccountNotFound)
        #expect(try orders.create(paidOrder(from: "a_eur")) == .paymentCurrencyMismatch)
        #expect(try temporary.count("orders") == 0)
        #expect(try temporary.count("order_lines") == 0)
        #expect(try temporary.count("transactions") == 2)
        #expect(try orders.placed(.fixture(id: "o_unpaid")).number == OrderNumber("SO-000001"))
    }

    @Test("the credit limit counts: an order may take the account down to minus the limit")
    func creditLimit() throws {
        let temporary = try TemporaryDatabase()
        try SQLiteAccountManager(database: temporary.database).insert(
            Account(id: AccountID("a_card"), ownerID: UserID("u_alice"), name: "Card", currency: .cad, creditLimit: 10_000, createdAt: Date(timeIntervalSince1970: 0)))
        let orders = SQLiteOrderManager(database: temporary.database)
        #expect(try orders.create(paidOrder("o_1", from: "a_card", total: 10_001)) == .insufficientFunds)
        _ = try orders.placed(paidOrder("o_2", from: "a_card", total: 10_000))
        #expect(try SQLiteAccountManager(database: temporary.database).balance(of: AccountID("a_card")) == -10_000)
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

    @Test("concurrent paid orders never take the account past its available funds")
    func concurrentOrders() throws {
        let temporary = try TemporaryDatabase()
        try fund("a_u_alice", 30_000, in: temporary)
        let orders = SQLiteOrderManager(database: temporary.database)
        let created = Locked(0)
        Threads.run(count: 20) { index in
            if case .created = try? orders.create(paidOrder("o_\(index)", total: 10_000)) { created.withValue { $0 += 1 } }
        }
        #expect(created.current == 3)
        #expect(try SQLiteAccountManager(database: temporary.database).balance(of: AccountID("a_u_alice")) == 0)
    }
}
