import Domain
import Foundation
import SQLRows
import GatewayTestSupport
import TestSupport
import Testing
@testable import SQLiteGateway

@Suite("SQLite stored balances")
struct StoredBalanceTests {
    /// The accounts the operations move money between: owner and credit limit.
    static let accounts: [(id: String, owner: String, creditLimit: Int64)] = [
        ("a_u_alice", "u_alice", 0), ("a_card", "u_alice", 5_000), ("a_savings", "u_alice", 0), ("a_u_bob", "u_bob", 0),
    ]

    /// What the stored balances must be, kept apart from storage: each operation updates it only
    /// when the model says it succeeds, and the test checks storage agrees on both.
    struct Model {
        var balances: [String: Int64] = Dictionary(uniqueKeysWithValues: StoredBalanceTests.accounts.map { ($0.id, 0) })
        var placed: [(order: String, account: String, total: Int64)] = []

        func available(_ account: String) -> Int64 {
            (balances[account] ?? 0) + (StoredBalanceTests.accounts.first { $0.id == account }?.creditLimit ?? 0)
        }
    }

    @Test("after hundreds of random imports, failed imports, transfers, paid orders and voids, every stored balance equals its transactions' sum", arguments: [UInt64(12), 2026, 0xBA1A_11CE])
    func randomOperations(seed: UInt64) throws {
        let temporary = try TemporaryDatabase()
        let accountManager = SQLiteAccountManager(database: temporary.database)
        for account in Self.accounts where !account.id.hasPrefix("a_u_") {
            try accountManager.insert(Account(
                id: AccountID(account.id), ownerID: UserID(account.owner), name: account.id, currency: .cad, creditLimit: account.creditLimit,
                createdAt: Date(timeIntervalSince1970: 1_795_000_000)))
        }
        let transactions = SQLiteTransactionManager(database: temporary.database)
        let transfers = SQLiteTransferManager(database: temporary.database)
        let orders = SQLiteOrderManager(database: temporary.database)
        var random = SeededGenerator(seed: seed)
        var model = Model()
        let day = CalendarDate(year: 2026, month: 11, day: 1)!
        var operationCounts: [String: Int] = [:]

        for step in 0..<300 {
            let account = Self.accounts.randomElement(using: &random)!
            let operation: String
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<30:
                // An import of a few rows over any accounts; one in five reuses a stored id on its
                // last row, so the batch fails after writing the others and must leave no trace.
                let failing = step > 0 && Int.random(in: 0..<5, using: &random) == 0
                var rows = (0..<Int.random(in: 1...4, using: &random)).map { index in
                    Transaction(
                        id: TransactionID("imp_\(step)_\(index)"), accountID: AccountID(Self.accounts.randomElement(using: &random)!.id),
                        group: Bool.random(using: &random) ? .posted : .authorized, direction: Bool.random(using: &random) ? .credit : .debit,
                        date: day, description: "Import", amount: Int64.random(in: 0...20_000, using: &random))
                }
                if failing, let stored = try someTransactionID(in: temporary) {
                    rows.append(Transaction(id: TransactionID(stored), accountID: AccountID(account.id), group: .posted, direction: .credit, date: day, description: "Again", amount: 1))
                    #expect(throws: GatewayError.self) { try transactions.insert(rows) { _ in } }
                    operation = "failed import"
                } else {
                    try transactions.insert(rows) { _ in }
                    for row in rows { model.balances[row.accountID.rawValue, default: 0] += row.direction == .credit ? row.amount : -row.amount }
                    operation = "import"
                }
            case 30..<60:
                let destinations = Self.accounts.filter { $0.id != account.id }
                let destination = destinations.randomElement(using: &random)!.id
                let amount = Int64.random(in: 1...15_000, using: &random)
                let outcome = try transfers.execute(.fixture(id: "tr_\(step)", owner: account.owner, from: account.id, to: destination, amount: amount))
                if amount <= model.available(account.id) {
                    try #require(outcome == .completed(NewTransfer.fixture(id: "tr_\(step)", owner: account.owner, from: account.id, to: destination, amount: amount).transfer), "step \(step)")
                    model.balances[account.id, default: 0] -= amount
                    model.balances[destination, default: 0] += amount
                    operation = "transfer"
                } else {
                    try #require(outcome == .insufficientFunds, "step \(step)")
                    operation = "refused transfer"
                }
            case 60..<85:
                var order = NewOrder.fixture(id: "o_\(step)", owner: account.owner, total: Int64.random(in: 1...15_000, using: &random))
                order.payment = OrderPayment(accountID: AccountID(account.id), transactionID: "t_pay_o_\(step)")
                let creation = try orders.create(order)
                if order.orderTotal.minor <= model.available(account.id) {
                    guard case .created = creation else {
                        Issue.record("step \(step): order refused with \(model.available(account.id)) available: \(creation)")
                        return
                    }
                    model.balances[account.id, default: 0] -= order.orderTotal.minor
                    model.placed.append((order.id.rawValue, account.id, order.orderTotal.minor))
                    operation = "paid order"
                } else {
                    try #require(creation == .insufficientFunds, "step \(step)")
                    operation = "refused order"
                }
            default:
                guard !model.placed.isEmpty else { continue }
                let voided = model.placed.remove(at: Int.random(in: 0..<model.placed.count, using: &random))
                let owner = Self.accounts.first { $0.id == voided.account }!.owner
                guard case .cancelled = try orders.cancel(id: OrderID(voided.order), owner: UserID(owner), at: Date(timeIntervalSince1970: 1_795_100_000)) else {
                    Issue.record("step \(step): order \(voided.order) not cancelled")
                    return
                }
                model.balances[voided.account, default: 0] += voided.total
                operation = "void"
            }
            operationCounts[operation, default: 0] += 1
            let stored = try temporary.storedBalances().filter { model.balances[$0.key] != nil }
            try #require(stored == model.balances, "step \(step), after \(operation)")
            try #require(try temporary.summedBalances().filter { model.balances[$0.key] != nil } == stored, "step \(step), after \(operation)")
        }
        // Every kind of operation ran, so the agreement above covers each writer.
        for kind in ["import", "failed import", "transfer", "refused transfer", "paid order", "refused order", "void"] {
            #expect(operationCounts[kind, default: 0] > 0, "no \(kind) with seed \(seed): \(operationCounts)")
        }
    }

    /// The id of some stored transaction, for an import that must collide with it.
    func someTransactionID(in temporary: TemporaryDatabase) throws -> String? {
        try temporary.database.read { connection in
            try connection.statement("SELECT id FROM transactions ORDER BY seq LIMIT 1").rows { $0.string(at: 0) }.first ?? nil
        }
    }
}
