import Domain
import Foundation
import GatewayTestSupport
import TestSupport
import Testing

@Suite("Order payments contract")
struct OrderPaymentContractTests {
    /// `NewOrder.fixture` totalling `total` cents, paid from `account` with debit `t_pay_<id>`.
    func paidOrder(_ id: String = "o_1", from account: String = "a_u_alice", total: Int64 = 10_000) -> NewOrder {
        var order = NewOrder.fixture(id: id, total: total)
        order.payment = OrderPayment(accountID: AccountID(account), transactionID: "t_pay_\(id)")
        return order
    }

    @Test("a paid order records an authorized debit of its total on the account, in the same transaction, and shows it as its payment", arguments: Backend.allCases)
    func authorizedDebit(backend: Backend) throws {
        let store = try backend.makeStore()
        try store.fund("a_u_alice", 12_000)
        let order = try store.gateway.orders.placed(paidOrder())
        #expect(order.payment == OrderPayment(accountID: AccountID("a_u_alice"), transactionID: "t_pay_o_1"))
        let authorized = try store.gateway.transactions
            .list(account: AccountID("a_u_alice"), filter: TransactionFilter(group: .authorized), after: nil, limit: 10)
        #expect(authorized.count == 1)
        #expect(authorized.first?.id == TransactionID("t_pay_o_1") && authorized.first?.direction == .debit && authorized.first?.amount == 10_000)
        #expect(authorized.first?.description == "Order \(order.number)")
        #expect(try store.gateway.accounts.balance(of: AccountID("a_u_alice")) == 2_000)
    }

    @Test("insufficient funds, another user's account or another currency store nothing: no order, no debit, no number", arguments: Backend.allCases)
    func refusalsStoreNothing(backend: Backend) throws {
        let store = try backend.makeStore()
        try store.fund("a_u_alice", 9_999)
        try store.addAccount("a_eur", currency: .eur)
        try store.fund("a_eur", 1_000_000)
        let orders = store.gateway.orders
        #expect(try orders.create(paidOrder()) == .insufficientFunds)
        #expect(try orders.create(paidOrder(from: "a_u_bob")) == .paymentAccountNotFound)
        #expect(try orders.create(paidOrder(from: "a_missing")) == .paymentAccountNotFound)
        #expect(try orders.create(paidOrder(from: "a_eur")) == .paymentCurrencyMismatch)
        #expect(try store.orderCount() == 0)
        #expect(try store.transactionCount(["a_u_alice", "a_u_bob", "a_eur"]) == 2)
        #expect(try orders.placed(.fixture(id: "o_unpaid")).number == OrderNumber("SO-000001"))
    }

    @Test("the credit limit counts: an order may take the account down to minus the limit", arguments: Backend.allCases)
    func creditLimit(backend: Backend) throws {
        let store = try backend.makeStore()
        try store.addAccount("a_card", creditLimit: 10_000)
        let orders = store.gateway.orders
        #expect(try orders.create(paidOrder("o_1", from: "a_card", total: 10_001)) == .insufficientFunds)
        _ = try orders.placed(paidOrder("o_2", from: "a_card", total: 10_000))
        #expect(try store.gateway.accounts.balance(of: AccountID("a_card")) == -10_000)
    }

    @Test("cancelling voids the payment with a reversing authorized credit, once, and the balance returns", arguments: Backend.allCases)
    func cancelVoids(backend: Backend) throws {
        let store = try backend.makeStore()
        try store.fund("a_u_alice", 12_000)
        let orders = store.gateway.orders
        _ = try orders.placed(paidOrder())
        let accounts = store.gateway.accounts
        #expect(try accounts.balance(of: AccountID("a_u_alice")) == 2_000)
        guard case .cancelled = try orders.cancel(id: OrderID("o_1"), owner: UserID("u_alice"), at: Date(timeIntervalSince1970: 1_795_100_000)) else {
            Issue.record("not cancelled")
            return
        }
        #expect(try accounts.balance(of: AccountID("a_u_alice")) == 12_000)
        let void = try store.gateway.transactions.list(account: AccountID("a_u_alice"), filter: TransactionFilter(group: .authorized), after: nil, limit: 10)
            .first { $0.id == TransactionID("t_pay_o_1_void") }
        #expect(void?.direction == .credit && void?.amount == 10_000 && void?.description == "Void: Order SO-000001")
        guard case .notPlaced = try orders.cancel(id: OrderID("o_1"), owner: UserID("u_alice"), at: Date(timeIntervalSince1970: 1_795_100_001)) else {
            Issue.record("cancelled twice")
            return
        }
        #expect(try store.transactionCount() == 3)
    }

    @Test("concurrent paid orders, from two independent gateways, never take the account past its available funds", arguments: Backend.allCases)
    func concurrentOrders(backend: Backend) throws {
        let store = try backend.makeStore()
        try store.fund("a_u_alice", 30_000)
        let gateways = [store.gateway, try store.independentGateway()]
        let outcomes = Locked<[OrderCreation]>([])
        Threads.run(count: 20) { index in
            if let outcome = try? gateways[index % 2].orders.create(paidOrder("o_\(index)", total: 10_000)) { outcomes.withValue { $0.append(outcome) } }
        }
        #expect(outcomes.current.count == 20)
        #expect(outcomes.current.filter { if case .created = $0 { true } else { false } }.count == 3)
        #expect(outcomes.current.filter { $0 == .insufficientFunds }.count == 17)
        #expect(try store.gateway.accounts.balance(of: AccountID("a_u_alice")) == 0)
        #expect(try store.orderCount() == 3)
    }

    @Test("paid orders, transfers and cancellations racing on one account from two gateways never overdraw it and keep every balance equal to its entries", arguments: Backend.allCases)
    func mixedRace(backend: Backend) throws {
        let store = try backend.makeStore()
        try store.addAccount("a_savings")
        try store.fund("a_u_alice", 50_000)
        for index in 0..<4 { _ = try store.gateway.orders.placed(paidOrder("o_old\(index)", total: 5_000)) }
        let gateways = [store.gateway, try store.independentGateway()]
        let failures = Locked<[String]>([])
        Threads.run(count: 30) { index in
            let gateway = gateways[index % 2]
            do {
                switch index % 3 {
                case 0: _ = try gateway.orders.create(paidOrder("o_\(index)", total: 7_000))
                case 1: _ = try gateway.transfers.execute(.fixture(id: "tr_\(index)", to: "a_savings", amount: 6_000))
                default: _ = try gateway.orders.cancel(id: OrderID("o_old\(index % 4)"), owner: UserID("u_alice"), at: Date(timeIntervalSince1970: 1_795_100_000))
                }
            } catch {
                failures.withValue { $0.append("\(index): \(error)") }
            }
        }
        #expect(failures.current.isEmpty)
        #expect(try store.available("a_u_alice") >= 0)
        for account in ["a_u_alice", "a_savings"] {
            let entries = try store.gateway.transactions.list(account: AccountID(account), filter: TransactionFilter(), after: nil, limit: 1_000)
            let sum = entries.reduce(Int64(0)) { $0 + ($1.direction == .credit ? $1.amount : -$1.amount) }
            #expect(try store.gateway.accounts.balance(of: AccountID(account)) == sum)
        }
    }
}
