import Domain
import Foundation
import GatewayTestSupport
import SQLRows
import TestSupport
import Testing

/// `LedgerVerifier` on both stores: a ledger moved only by the managers (transfers, holds, a
/// claim, a cancel, an expiry, a paid order) holds, and each check fails on the corruption it is
/// there for, naming the account or transfer at fault.
@Suite("Ledger verifier contract")
struct LedgerVerifierContractTests {
    static let sent = 1_795_000_000.123

    /// Alice (with a savings account) moves money to herself and to Bob, pays an order, and sends
    /// four transfers to an address nobody verified: Bob claims one, she cancels one, one
    /// expires and one still waits.
    static func movedLedger(_ backend: Backend) throws -> Store {
        let store = try backend.makeStore()
        try store.addAccount("a_savings")
        try store.fund("a_u_alice", 100_000)
        try store.fund("a_u_bob", 50_000)
        let transfers = store.gateway.transfers
        for new in [
            NewTransfer.fixture(id: "t_move", to: "a_savings", amount: 1_000),
            NewTransfer.fixture(id: "t_pay", to: "a_u_bob", amount: 2_000, recipient: "u_bob"),
            NewTransfer.pendingFixture(id: "t_claimed", amount: 3_000),
            NewTransfer.pendingFixture(id: "t_cancelled", amount: 4_000),
            NewTransfer.pendingFixture(id: "t_expired", amount: 5_000, expiresAt: sent + 60),
            NewTransfer.pendingFixture(id: "t_waiting", amount: 6_000),
        ] {
            guard case .completed = try transfers.execute(new) else { throw GatewayError.failure("\(new.transfer.id) refused") }
        }
        var order = NewOrder.fixture(id: "o_paid", total: 700)
        order.payment = OrderPayment(accountID: AccountID("a_u_alice"), transactionID: "t_pay_o_paid")
        _ = try store.gateway.orders.placed(order)

        guard case .resolved = try transfers.claim(.fixture(id: "t_claimed")),
            case .resolved = try transfers.cancel(id: TransferID("t_cancelled"), owner: UserID("u_alice"), at: Date(timeIntervalSince1970: sent + 30))
        else { throw GatewayError.failure("claim or cancel refused") }
        #expect(try transfers.expire(dueAt: Date(timeIntervalSince1970: sent + 120), limit: 10) == 1)
        return store
    }

    /// The violations of check `name`, as subjects.
    static func subjects(_ report: LedgerReport, _ name: LedgerCheck.Name) -> [LedgerViolation.Subject] {
        report[name]?.violations.map(\.subject) ?? []
    }

    @Test("transfers, holds, a claim, a cancel, an expiry and a paid order leave a ledger where every check holds", arguments: Backend.allCases)
    func movedLedgerHolds(backend: Backend) throws {
        let store = try Self.movedLedger(backend)
        let report = try store.expectLedgerHolds()
        #expect(report.checks.map(\.name) == LedgerCheck.Name.allCases)
        #expect(report[.balances]?.counted == [.init(4, "accounts"), .init(9, "transactions")])
        #expect(report[.pendingDebits]?.counted == [.init(4, "accounts"), .init(1, "pending transfers"), .init(6_000, "minor units held")])
        #expect(report[.resolutions]?.counted == [
            .init(6, "transfers"), .init(1, "cancelled"), .init(3, "completed"), .init(1, "expired"), .init(1, "pending"),
        ])
        #expect(report[.legs]?.counted == [.init(3, "completed transfers")])
        #expect(report[.conservation]?.counted == [.init(4, "accounts"), .init(3, "rows that are no transfer leg"), .init(1, "currencies")])
        #expect(report[.balances]?.rule.contains("authorized and posted") == true)
    }

    @Test("a reservation no pending transfer explains names every account it is on", arguments: Backend.allCases)
    func pendingDebitsOff(backend: Backend) throws {
        let store = try Self.movedLedger(backend)
        try store.execute("UPDATE accounts SET pending_debits = pending_debits + 1")
        let report = try store.ledgerReport()
        #expect(Set(Self.subjects(report, .pendingDebits)) == Set(["a_savings", "a_u_alice", "a_u_bob", "a_u_nobody"].map { .account(AccountID($0)) }))
        #expect(report[.pendingDebits]?.violations.first { $0.subject == .account(AccountID("a_u_alice")) }?.detail
            == "stored pending_debits 6001, but its 1 pending transfer(s) hold 6000")
        #expect(report.checks.filter { !$0.holds }.map(\.name) == [.pendingDebits])
    }

    @Test("a claim that forgets to release the reservation (its trigger dropped) is caught on the sender's account", arguments: Backend.allCases)
    func claimWithoutRelease(backend: Backend) throws {
        let store = try Self.movedLedger(backend)
        try store.execute(backend == .sqlite ? "DROP TRIGGER transfers_release" : "DROP TRIGGER transfers_release ON transfers")
        guard case .resolved = try store.gateway.transfers.claim(.fixture(id: "t_waiting")) else {
            Issue.record("the claim was refused")
            return
        }
        let report = try store.ledgerReport()
        #expect(Self.subjects(report, .pendingDebits) == [.account(AccountID("a_u_alice"))])
        #expect(report[.pendingDebits]?.violations.first?.detail == "stored pending_debits 6000, but its 0 pending transfer(s) hold 0")
        #expect(report.checks.filter { !$0.holds }.map(\.name) == [.pendingDebits])
    }

    @Test("a stored balance off by one names its account", arguments: Backend.allCases)
    func balanceOffByOne(backend: Backend) throws {
        let store = try Self.movedLedger(backend)
        try store.execute("UPDATE accounts SET balance = balance + 1 WHERE id = 'a_u_bob'")
        let report = try store.ledgerReport()
        #expect(Self.subjects(report, .balances) == [.account(AccountID("a_u_bob"))])
        #expect(report[.balances]?.violations.first?.detail == "stored balance 55001, but its transactions' credits − debits are 55000")
        // Money appeared from nowhere, so the totals disagree as well.
        #expect(report[.conservation]?.violations.map(\.description) == [
            "ledger: CAD balances sum to 149301, but the CAD rows that are no transfer leg to 149300 (transfers made 1)",
        ])
    }

    @Test("a deleted leg names its transfer, and the totals no longer add up", arguments: Backend.allCases)
    func deletedLeg(backend: Backend) throws {
        let store = try Self.movedLedger(backend)
        try store.execute("DELETE FROM transactions WHERE id = 't_move_credit'")
        let report = try store.ledgerReport()
        #expect(report[.legs]?.violations.map(\.description) == ["transfer t_move: its credit leg t_move_credit is missing"])
        #expect(report[.conservation]?.holds == false)
        #expect(report[.balances]?.holds == true, "the balance trigger followed the delete")
    }

    @Test("a completed transfer whose credit is on another account names the transfer", arguments: Backend.allCases)
    func creditElsewhere(backend: Backend) throws {
        let store = try Self.movedLedger(backend)
        try store.execute("UPDATE transactions SET account_id = 'a_u_nobody' WHERE id = 't_pay_credit'")
        let report = try store.ledgerReport()
        #expect(report[.legs]?.violations.map(\.description) == ["transfer t_pay: its credit leg t_pay_credit is on account a_u_nobody, not a_u_bob"])
        #expect(report.checks.filter { !$0.holds }.map(\.name) == [.legs])
    }

    @Test("a leg of another amount, group or direction names its transfer, and the money it made fails the totals", arguments: Backend.allCases)
    func legOfAnotherShape(backend: Backend) throws {
        let store = try Self.movedLedger(backend)
        try store.execute("UPDATE transactions SET amount = amount + 1 WHERE id = 't_move_credit'")
        try store.execute("UPDATE transactions SET txn_group = 'authorized', direction = 'credit' WHERE id = 't_claimed_debit'")
        let report = try store.ledgerReport()
        #expect(report[.legs]?.violations.map(\.description) == [
            "transfer t_claimed: its debit leg t_claimed_debit is authorized, not posted; its debit leg t_claimed_debit is a credit",
            "transfer t_move: its credit leg t_move_credit is of 1001, not 1000",
        ])
        #expect(report[.conservation]?.violations.map(\.subject) == [.ledger])
        #expect(report[.conservation]?.violations.first?.detail.hasSuffix("(transfers made 6001)") == true)
    }

    @Test("a transfer half resolved, or resolved and still carrying another status's fields, is named", arguments: Backend.allCases)
    func halfResolved(backend: Backend) throws {
        let store = try Self.movedLedger(backend)
        try store.execute("UPDATE transfers SET debit_transaction_id = 't_stray' WHERE id = 't_cancelled'")
        try store.execute("UPDATE transfers SET resolved_at = NULL WHERE id = 't_expired'")
        let report = try store.ledgerReport()
        #expect(report[.resolutions]?.violations.map(\.description) == [
            "transfer t_cancelled: cancelled with a debit leg id (t_stray)",
            "transfer t_expired: expired with no resolution time",
        ])
    }

    @Test("one leg named by two transfers names both of them", arguments: Backend.allCases)
    func sharedLeg(backend: Backend) throws {
        let store = try Self.movedLedger(backend)
        try store.execute("UPDATE transfers SET credit_transaction_id = 't_move_credit' WHERE id = 't_pay'")
        let report = try store.ledgerReport()
        #expect(report[.resolutions]?.violations.map(\.description) == [
            "transfer t_move: names leg t_move_credit, which transfer t_pay also names",
            "transfer t_pay: names leg t_move_credit, which transfer t_move also names",
        ])
        #expect(Self.subjects(report, .legs) == [.transfer(TransferID("t_pay"))])
    }

    @Test("a verifier past its listing limit still counts every violation", arguments: Backend.allCases)
    func listingLimit(backend: Backend) throws {
        let store = try Self.movedLedger(backend)
        try store.execute("UPDATE accounts SET pending_debits = pending_debits + 1")
        let report = try store.ledgerReport(violationLimit: 2)
        #expect(report[.pendingDebits]?.violations.count == 2 && report[.pendingDebits]?.violationCount == 4)
        #expect(!report.holds)
    }

    @Test("verified while transfers, holds, cancels and imports commit beside it, every check holds: it reads one snapshot", arguments: Backend.allCases)
    func liveWrites(backend: Backend) throws {
        let store = try Self.movedLedger(backend)
        let writer = try store.independentGateway()
        let reader = store.gateway
        let errors = Locked<[String]>([])
        let reports = Locked<[LedgerReport]>([])
        Threads.run(count: 2) { thread in
            for round in 0..<40 {
                if thread == 0 {
                    _ = errors.recording {
                        let amount = Int64(1 + round)
                        try writer.transactions.insert([Transaction(
                            id: TransactionID("live_\(round)"), accountID: AccountID("a_u_bob"), group: .posted, direction: .credit,
                            date: CalendarDate(year: 2026, month: 11, day: 2)!, description: "Import", amount: amount)]) { _ in }
                        _ = try writer.transfers.execute(.fixture(id: "t_live_\(round)", owner: "u_bob", from: "a_u_bob", to: "a_u_alice", amount: amount, recipient: "u_alice"))
                        _ = try writer.transfers.execute(.pendingFixture(id: "t_hold_\(round)", amount: amount))
                        _ = try writer.transfers.cancel(id: TransferID("t_hold_\(round)"), owner: UserID("u_alice"), at: Date(timeIntervalSince1970: Self.sent + 10))
                    }
                } else if let report = errors.recording({ try Store.ledgerReport(of: reader) }) {
                    reports.withValue { $0.append(report) }
                }
            }
        }
        #expect(errors.current.isEmpty, "\(errors.current)")
        #expect(reports.current.count == 40)
        for report in reports.current { #expect(report.violations.isEmpty, "\(report.violations)") }
        try store.expectLedgerHolds()
    }
}
