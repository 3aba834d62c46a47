import Domain
import Foundation
import GatewayTestSupport
import TestSupport
import Testing

@Suite("TransferManager contract")
struct TransferManagerContractTests {
    static func isCompleted(_ outcome: TransferOutcome?) -> Bool {
        if case .completed = outcome { true } else { false }
    }

    @Test("a transfer stores itself with a posted debit on the source and a posted credit on the destination, both listed with the account's transactions", arguments: Backend.allCases)
    func bothLegs(backend: Backend) throws {
        let store = try backend.makeStore()
        try store.addAccount("a_savings")
        try store.fund("a_u_alice", 10_000)
        let transfers = store.gateway.transfers
        let new = NewTransfer.fixture(id: "tr_1", to: "a_savings", amount: 2_550)
        #expect(try transfers.execute(new) == .completed(new.transfer))
        let accounts = store.gateway.accounts
        #expect(try accounts.balance(of: AccountID("a_u_alice")) == 7_450)
        #expect(try accounts.balance(of: AccountID("a_savings")) == 2_550)
        let lists = store.gateway.transactions
        let debit = try lists.list(account: AccountID("a_u_alice"), filter: TransactionFilter(), after: nil, limit: 10).first
        #expect(debit?.id == TransactionID("tr_1_debit") && debit?.group == .posted && debit?.direction == .debit && debit?.description == "Transfer to a_savings")
        let credit = try lists.list(account: AccountID("a_savings"), filter: TransactionFilter(), after: nil, limit: 10)
        #expect(credit.map(\.id) == [TransactionID("tr_1_credit")] && credit.first?.direction == .credit && credit.first?.amount == 2_550)
        #expect(try transfers.fetch(id: TransferID("tr_1"), owner: UserID("u_alice")) == new.transfer)
    }

    /// `gateways` independent gateways on one store (one = a single process; two = two
    /// processes), the 50 transfers spread over them round-robin.
    func overdraw(_ backend: Backend, gateways count: Int) throws {
        let store = try backend.makeStore()
        try store.addAccount("a_savings")
        try store.fund("a_u_alice", 10_000)
        var gateways = [store.gateway]
        while gateways.count < count { gateways.append(try store.independentGateway()) }
        let spread = gateways
        let outcomes = Locked<[TransferOutcome]>([])
        let failures = Locked<[String]>([])
        Threads.run(count: 50) { index in
            do {
                let outcome = try spread[index % spread.count].transfers.execute(.fixture(id: "tr_\(index)", to: "a_savings", amount: 1_000))
                outcomes.withValue { $0.append(outcome) }
            } catch {
                failures.withValue { $0.append(String(describing: error)) }
            }
        }
        #expect(failures.current.isEmpty)
        #expect(outcomes.current.filter(Self.isCompleted).count == 10)
        #expect(outcomes.current.filter { $0 == .insufficientFunds }.count == 40)
        #expect(try store.available("a_u_alice") == 0)
        #expect(try store.available("a_savings") == 10_000)
        #expect(try store.transferCount() == 10)
        #expect(try store.transactionCount(["a_u_alice", "a_savings"]) == 21)
    }

    @Test("50 concurrent transfers of 10.00 from an account holding 100.00: exactly 10 succeed and available ends at exactly zero", arguments: Backend.allCases)
    func concurrentOverdraw(backend: Backend) throws {
        try overdraw(backend, gateways: 1)
    }

    @Test("the same 50 transfers spread over two independent gateways (two processes) on one database: still exactly 10", arguments: Backend.allCases)
    func concurrentOverdrawAcrossProcesses(backend: Backend) throws {
        try overdraw(backend, gateways: 2)
    }

    @Test("with a credit limit of 50.00, concurrent transfers take the account to exactly minus the limit and no further", arguments: Backend.allCases)
    func concurrentOverdrawWithCreditLimit(backend: Backend) throws {
        let store = try backend.makeStore()
        try store.addAccount("a_card", creditLimit: 5_000)
        try store.addAccount("a_savings")
        try store.fund("a_card", 10_000)
        let gateways = [store.gateway, try store.independentGateway()]
        let completed = Locked(0)
        let errors = Locked<[String]>([])
        Threads.run(count: 50) { index in
            if Self.isCompleted(errors.recording({ try gateways[index % 2].transfers.execute(.fixture(id: "tr_\(index)", from: "a_card", to: "a_savings", amount: 1_000)) })) {
                completed.withValue { $0 += 1 }
            }
        }
        #expect(errors.current.isEmpty, "\(errors.current)")
        #expect(completed.current == 15)
        #expect(try store.gateway.accounts.balance(of: AccountID("a_card")) == -5_000)
        #expect(try store.available("a_card") == 0)
    }

    @Test("any number of concurrent internal transfers leave the sum of all balances unchanged", arguments: Backend.allCases)
    func sumUnchanged(backend: Backend) throws {
        let store = try backend.makeStore()
        let ids = ["a_u_alice", "a_1", "a_2", "a_3"]
        for id in ids.dropFirst() { try store.addAccount(id, creditLimit: 3_000) }
        for (offset, id) in ids.enumerated() { try store.fund(id, Int64(1_000 * (offset + 1))) }
        let accounts = store.gateway.accounts
        let before = try ids.map { try accounts.balance(of: AccountID($0)) }.reduce(0, +)
        let gateways = [store.gateway, try store.independentGateway()]
        let completed = Locked(0)
        let errors = Locked<[String]>([])
        Threads.run(count: 64) { index in
            let from = ids[index % ids.count], to = ids[(index / ids.count + index + 1) % ids.count]
            guard from != to else { return }
            let transfer = NewTransfer.fixture(id: "tr_\(index)", from: from, to: to, amount: Int64(137 * (index % 7 + 1)))
            if Self.isCompleted(errors.recording({ try gateways[index % 2].transfers.execute(transfer) })) {
                completed.withValue { $0 += 1 }
            }
        }
        #expect(errors.current.isEmpty, "\(errors.current)")
        #expect(completed.current > 0)
        #expect(try ids.map { try accounts.balance(of: AccountID($0)) }.reduce(0, +) == before)
        for id in ids { #expect(try store.available(id) >= 0) }
    }

    @Test("concurrent transfers in opposite directions between two accounts all complete (no deadlock) and keep the sum", arguments: Backend.allCases)
    func oppositeDirections(backend: Backend) throws {
        let store = try backend.makeStore()
        try store.addAccount("a_savings")
        try store.fund("a_u_alice", 100_000)
        try store.fund("a_savings", 100_000)
        let gateways = [store.gateway, try store.independentGateway()]
        let failures = Locked<[String]>([])
        Threads.run(count: 40) { index in
            let (from, to) = index % 2 == 0 ? ("a_u_alice", "a_savings") : ("a_savings", "a_u_alice")
            do {
                let outcome = try gateways[(index / 2) % 2].transfers.execute(.fixture(id: "tr_\(index)", from: from, to: to, amount: Int64(100 + index)))
                if !Self.isCompleted(outcome) { failures.withValue { $0.append("\(index): \(outcome)") } }
            } catch {
                failures.withValue { $0.append("\(index): \(error)") }
            }
        }
        #expect(failures.current.isEmpty)
        let accounts = store.gateway.accounts
        #expect(try accounts.balance(of: AccountID("a_u_alice")) + accounts.balance(of: AccountID("a_savings")) == 200_000)
        // Even-indexed transfers move 100+index away from alice, odd ones back.
        var net: Int64 = 0
        for index in 0..<40 { net += index % 2 == 0 ? -Int64(100 + index) : Int64(100 + index) }
        #expect(try accounts.balance(of: AccountID("a_u_alice")) == 100_000 + net)
        #expect(try store.transferCount() == 40)
    }

    @Test("a refused transfer leaves no leg and no transfer", arguments: Backend.allCases)
    func refusedLeavesNothing(backend: Backend) throws {
        let store = try backend.makeStore()
        try store.addAccount("a_savings")
        try store.fund("a_u_alice", 999)
        #expect(try store.gateway.transfers.execute(.fixture(id: "tr_1", to: "a_savings", amount: 1_000)) == .insufficientFunds)
        #expect(try store.gateway.transfers.execute(.fixture(id: "tr_2", from: "a_missing", to: "a_savings", amount: 1)) == .insufficientFunds)
        #expect(try store.transactionCount(["a_u_alice", "a_savings"]) == 1)
        #expect(try store.transferCount() == 0)
    }

    @Test("a transfer failing halfway (its credit cannot be stored) leaves neither leg", arguments: Backend.allCases)
    func failureHalfwayLeavesNeitherLeg(backend: Backend) throws {
        let store = try backend.makeStore()
        try store.addAccount("a_savings")
        try store.fund("a_u_alice", 10_000)
        // The credit reuses the imported credit's id: the debit is written, then the credit violates UNIQUE.
        #expect(throws: GatewayError.self) {
            try store.gateway.transfers.execute(.fixture(id: "tr_1", to: "a_savings", amount: 1_000, creditID: "import_a_u_alice_10000"))
        }
        #expect(try store.transactionCount(["a_u_alice", "a_savings"]) == 1)
        #expect(try store.transferCount() == 0)
        #expect(try store.gateway.accounts.balance(of: AccountID("a_u_alice")) == 10_000)
    }

    @Test("fetch and list are the sender's only; the list is newest first and resumes after its cursor", arguments: Backend.allCases)
    func scopedHistory(backend: Backend) throws {
        let store = try backend.makeStore()
        try store.addAccount("a_savings")
        try store.fund("a_u_alice", 10_000)
        try store.fund("a_u_bob", 10_000)
        let transfers = store.gateway.transfers
        for (index, at) in [10.0, 30.0, 20.0].enumerated() {
            _ = try transfers.execute(.fixture(id: "tr_\(index)", to: "a_savings", amount: 100, createdAt: 1_795_000_000 + at))
        }
        _ = try transfers.execute(.fixture(id: "tr_bob", owner: "u_bob", from: "a_u_bob", to: "a_u_alice", amount: 100))
        #expect(try transfers.fetch(id: TransferID("tr_bob"), owner: UserID("u_alice")) == nil)
        #expect(try transfers.fetch(id: TransferID("tr_bob"), owner: UserID("u_bob"))?.id == TransferID("tr_bob"))
        let first = try transfers.list(owner: UserID("u_alice"), after: nil, limit: 2)
        #expect(first.map(\.id.rawValue) == ["tr_1", "tr_2"])
        let last = try #require(first.last)
        let rest = try transfers.list(owner: UserID("u_alice"), after: TransferCursor(createdAt: last.createdAt, id: last.id), limit: 2)
        #expect(rest.map(\.id.rawValue) == ["tr_0"])
    }

    func draft(_ id: String = "td_1") -> TransferDraftState {
        let created = Date(timeIntervalSince1970: 1_795_000_000)
        return TransferDraftState(
            id: TransferDraftID(id), ownerID: UserID("u_alice"), fromAccountID: AccountID("a_u_alice"), currency: .cad, createdAt: created,
            expiresAt: created.addingTimeInterval(3_600))
    }

    @Test("executing with a draft deletes it in the same transaction; a gone or expired draft stores nothing", arguments: Backend.allCases)
    func consumesDraft(backend: Backend) throws {
        let store = try backend.makeStore()
        try store.addAccount("a_savings")
        try store.fund("a_u_alice", 10_000)
        let draft = draft()
        try store.gateway.transferDrafts.insert(draft)
        let transfers = store.gateway.transfers
        let late = NewTransfer.fixture(id: "tr_late", to: "a_savings", amount: 100, createdAt: 1_795_003_600)
        #expect(try transfers.execute(late, consuming: draft.id) == .draftNotFound)
        let bobs = NewTransfer.fixture(id: "tr_bob", owner: "u_bob", from: "a_u_bob", to: "a_u_alice", amount: 0)
        #expect(try transfers.execute(bobs, consuming: draft.id) == .draftNotFound)
        #expect(try store.transactionCount(["a_u_alice", "a_savings"]) == 1)
        let onTime = NewTransfer.fixture(id: "tr_1", to: "a_savings", amount: 100, createdAt: 1_795_000_100)
        #expect(try transfers.execute(onTime, consuming: draft.id) == .completed(onTime.transfer))
        #expect(try store.gateway.transferDrafts.fetch(id: draft.id, owner: draft.ownerID, at: draft.createdAt) == nil)
        let again = NewTransfer.fixture(id: "tr_2", to: "a_savings", amount: 100, createdAt: 1_795_000_100)
        #expect(try transfers.execute(again, consuming: draft.id) == .draftNotFound)
        #expect(try store.transferCount() == 1)
    }

    @Test("one draft submitted many times at once, from two independent gateways, makes exactly one transfer", arguments: Backend.allCases)
    func draftConsumedOnce(backend: Backend) throws {
        let store = try backend.makeStore()
        try store.addAccount("a_savings")
        try store.fund("a_u_alice", 10_000)
        try store.gateway.transferDrafts.insert(draft())
        let gateways = [store.gateway, try store.independentGateway()]
        let outcomes = Locked<[TransferOutcome]>([])
        let errors = Locked<[String]>([])
        Threads.run(count: 20) { index in
            let transfer = NewTransfer.fixture(id: "tr_\(index)", to: "a_savings", amount: 100, createdAt: 1_795_000_100)
            if let outcome = errors.recording({ try gateways[index % 2].transfers.execute(transfer, consuming: TransferDraftID("td_1")) }) {
                outcomes.withValue { $0.append(outcome) }
            }
        }
        #expect(errors.current.isEmpty, "\(errors.current)")
        #expect(outcomes.current.count == 20)
        #expect(outcomes.current.filter(Self.isCompleted).count == 1)
        #expect(outcomes.current.filter { $0 == .draftNotFound }.count == 19)
        #expect(try store.transferCount() == 1)
        #expect(try store.gateway.accounts.balance(of: AccountID("a_u_alice")) == 9_900)
    }

    @Test("concurrent imports and transfers on the same accounts, from two independent gateways, all land and balances agree", arguments: Backend.allCases)
    func concurrentImports(backend: Backend) throws {
        let store = try backend.makeStore()
        let gateways = [store.gateway, try store.independentGateway()]
        let failures = Locked(0)
        Threads.run(count: 16) { index in
            let gateway = gateways[index % 2]
            do {
                if index % 2 == 0 {
                    // Rows for bob first, then alice: the opposite of the transfers' lock order.
                    let rows = [
                        Transaction(id: TransactionID("ib_\(index)"), accountID: AccountID("a_u_bob"), group: .posted, direction: .credit, date: CalendarDate(year: 2016, month: 5, day: 1)!, description: "b", amount: 1_000),
                        Transaction(id: TransactionID("ia_\(index)"), accountID: AccountID("a_u_alice"), group: .posted, direction: .credit, date: CalendarDate(year: 2016, month: 5, day: 1)!, description: "a", amount: 1_000),
                    ]
                    try gateway.transactions.insert(rows) { _ in }
                } else {
                    _ = try gateway.transfers.execute(.fixture(id: "tr_\(index)", to: "a_u_bob", amount: 1))
                }
            } catch {
                failures.withValue { $0 += 1 }
            }
        }
        #expect(failures.current == 0)
        let accounts = store.gateway.accounts
        let total = try accounts.balance(of: AccountID("a_u_alice")) + accounts.balance(of: AccountID("a_u_bob"))
        #expect(total == 16_000)
    }
}
