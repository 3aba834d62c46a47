import Domain
import Foundation
import GatewayTestSupport
import TestSupport
import Testing

/// Money that waits, on both stores: a pending transfer reserves without a leg, and is resolved
/// once (claimed, cancelled, declined or expired), whatever races it.
@Suite("pending transfers contract")
struct PendingTransferContractTests {
    static let sent = Date(timeIntervalSince1970: 1_795_000_000.123)
    static let end = sent.addingTimeInterval(7 * 86_400)

    /// Alice's pending transfer of `amount` cents to paula@example.com.
    static func pending(_ id: String, amount: Int64 = 2_500) -> NewTransfer {
        let transfer = Transfer(
            id: TransferID(id), ownerID: UserID("u_alice"), fromAccountID: AccountID("a_u_alice"), toAccountID: nil,
            recipient: .contact(ContactID("c_paula")), recipientName: "Paula", amount: Money(minor: amount, currency: .cad), memo: nil,
            debitTransactionID: nil, creditTransactionID: nil, createdAt: sent, status: .pending, recipientEmail: "paula@example.com",
            expiresAt: end)
        let mail = MailRequest(
            id: "m_\(id)", kind: .transferPending, recipient: "paula@example.com", recipientName: "Paula", language: "en",
            details: ["sender": "Alice", "amountMinor": String(amount), "currency": "CAD"], createdAt: sent)
        return NewTransfer(
            transfer: transfer, date: CalendarDate(utc: sent)!, debitDescription: "Transfer to Paula", creditDescription: "Transfer from Alice",
            recipientID: nil, mail: mail)
    }

    /// Bob's claim (he holds paula@example.com verified, say) into `a_u_bob`.
    static func claim(_ id: String, at date: Date = sent.addingTimeInterval(60), email: String = "paula@example.com") -> TransferClaim {
        TransferClaim(
            transferID: TransferID(id), claimant: UserID("u_bob"), email: email, toAccountID: AccountID("a_u_bob"),
            debitTransactionID: TransactionID("\(id)_debit"), creditTransactionID: TransactionID("\(id)_credit"),
            creditDescription: "Transfer from Alice", claimedAt: date, date: CalendarDate(utc: date)!)
    }

    @Test("a pending transfer reserves its amount: available drops, the balance does not, no leg is written, and the mail is queued", arguments: Backend.allCases)
    func reserves(backend: Backend) throws {
        let store = try backend.makeStore()
        try store.fund("a_u_alice", 10_000)
        let new = Self.pending("tr_1")
        #expect(try store.gateway.transfers.execute(new) == .completed(new.transfer))
        #expect(try store.gateway.accounts.amounts(of: AccountID("a_u_alice")) == AccountAmounts(balance: 10_000, pending: 2_500))
        #expect(try store.available("a_u_alice") == 7_500)
        #expect(try store.transactionCount(["a_u_alice"]) == 1)
        #expect(try store.gateway.transfers.fetch(id: TransferID("tr_1"), owner: UserID("u_alice")) == new.transfer)
        #expect(try store.gateway.transfers.incoming(email: "paula@example.com", after: nil, limit: 10).map(\.id) == [TransferID("tr_1")])
        #expect(try store.gateway.transfers.incoming(email: "other@example.com", after: nil, limit: 10).isEmpty)
        let mail = try store.gateway.outbox.recentMail(limit: 10)
        #expect(mail.contains { $0.request.kind == .transferPending && $0.request.details["sender"] == "Alice" })
        let events = try store.gateway.outbox.events(of: UserID("u_alice"), after: 0, limit: 10)
        #expect(events.map(\.type) == ["transfer.pending"])
        // What it holds cannot be spent again.
        #expect(try store.gateway.transfers.execute(.fixture(id: "tr_2", to: "a_u_bob", amount: 7_501, recipient: "u_bob")) == .insufficientFunds)
    }

    @Test("a claim writes both legs and releases the reservation in one transaction, once; a second is told it was completed", arguments: Backend.allCases)
    func claim(backend: Backend) throws {
        let store = try backend.makeStore()
        try store.fund("a_u_alice", 10_000)
        _ = try store.gateway.transfers.execute(Self.pending("tr_1"))
        guard case .resolved(let claimed) = try store.gateway.transfers.claim(Self.claim("tr_1")) else {
            Issue.record("the claim did not resolve")
            return
        }
        #expect(claimed.status == .completed && claimed.toAccountID == AccountID("a_u_bob") && claimed.debitTransactionID == TransactionID("tr_1_debit"))
        #expect(try store.gateway.accounts.amounts(of: AccountID("a_u_alice")) == AccountAmounts(balance: 7_500, pending: 0))
        #expect(try store.gateway.accounts.balance(of: AccountID("a_u_bob")) == 2_500)
        #expect(try store.gateway.transfers.fetch(id: TransferID("tr_1"), owner: UserID("u_alice")) == claimed)
        guard case .alreadyResolved(let again) = try store.gateway.transfers.claim(Self.claim("tr_1")) else {
            Issue.record("a second claim resolved")
            return
        }
        #expect(again.status == .completed)
        #expect(try store.gateway.transfers.cancel(id: TransferID("tr_1"), owner: UserID("u_alice"), at: Self.sent) == .alreadyResolved(claimed))
        #expect(try store.gateway.accounts.balance(of: AccountID("a_u_bob")) == 2_500)
        #expect(try store.gateway.outbox.events(of: UserID("u_alice"), after: 0, limit: 10).map(\.type) == ["transfer.pending", "transfer.claimed"])
        #expect(try store.gateway.outbox.events(of: UserID("u_bob"), after: 0, limit: 10).map(\.type) == ["transfer.received"])
    }

    @Test("a claim is bound to the address the money was sent to; a cancel to its sender; a decline to the address", arguments: Backend.allCases)
    func scoped(backend: Backend) throws {
        let store = try backend.makeStore()
        try store.fund("a_u_alice", 10_000)
        _ = try store.gateway.transfers.execute(Self.pending("tr_1"))
        let transfers = store.gateway.transfers
        #expect(try transfers.claim(Self.claim("tr_1", email: "mallory@example.com")) == .notFound)
        #expect(try transfers.cancel(id: TransferID("tr_1"), owner: UserID("u_bob"), at: Self.sent) == .notFound)
        #expect(try transfers.decline(id: TransferID("tr_1"), email: "mallory@example.com", at: Self.sent) == .notFound)
        #expect(try store.gateway.accounts.amounts(of: AccountID("a_u_alice")).pending == 2_500)
        guard case .resolved(let declined) = try transfers.decline(id: TransferID("tr_1"), email: "paula@example.com", at: Self.sent) else {
            Issue.record("the decline did not resolve")
            return
        }
        #expect(declined.status == .cancelled && declined.cancelledBy == .recipient)
        #expect(try store.available("a_u_alice") == 10_000)
        #expect(try transfers.claim(Self.claim("tr_1")) == .alreadyResolved(declined))
    }

    @Test("the upkeep expires a pending transfer at its end, never a millisecond before, and once", arguments: Backend.allCases)
    func expiry(backend: Backend) throws {
        let store = try backend.makeStore()
        try store.fund("a_u_alice", 10_000)
        _ = try store.gateway.transfers.execute(Self.pending("tr_1"))
        let transfers = store.gateway.transfers
        #expect(try transfers.expire(dueAt: Self.end.addingTimeInterval(-0.001), limit: 10) == 0)
        #expect(try store.gateway.accounts.amounts(of: AccountID("a_u_alice")).pending == 2_500)
        #expect(try transfers.expire(dueAt: Self.end, limit: 10) == 1)
        #expect(try transfers.expire(dueAt: Self.end.addingTimeInterval(1), limit: 10) == 0)
        #expect(try transfers.fetch(id: TransferID("tr_1"), owner: UserID("u_alice"))?.status == .expired)
        #expect(try store.available("a_u_alice") == 10_000)
        guard case .alreadyResolved(let expired) = try transfers.claim(Self.claim("tr_1", at: Self.end)) else {
            Issue.record("a claim of expired money resolved")
            return
        }
        #expect(expired.status == .expired)
        #expect(try store.gateway.outbox.events(of: UserID("u_alice"), after: 0, limit: 10).map(\.type) == ["transfer.pending", "transfer.expired"])
    }

    @Test("claims, cancels and declines racing over two gateways: exactly one resolves, the rest are told which came first", arguments: Backend.allCases)
    func racingResolutions(backend: Backend) throws {
        let store = try backend.makeStore()
        try store.fund("a_u_alice", 100_000)
        let gateways = [store.gateway, try store.independentGateway()]
        for round in 0..<5 {
            let id = "tr_\(round)"
            _ = try store.gateway.transfers.execute(Self.pending(id, amount: 1_000))
            let outcomes = Locked<[TransferResolutionOutcome]>([])
            let failures = Locked<[String]>([])
            Threads.run(count: 12) { index in
                let transfers = gateways[index % 2].transfers
                do {
                    let outcome: TransferResolutionOutcome = switch index % 3 {
                    case 0: try transfers.claim(Self.claim(id))
                    case 1: try transfers.cancel(id: TransferID(id), owner: UserID("u_alice"), at: Self.sent)
                    default: try transfers.decline(id: TransferID(id), email: "paula@example.com", at: Self.sent)
                    }
                    outcomes.withValue { $0.append(outcome) }
                } catch {
                    failures.withValue { $0.append(String(describing: error)) }
                }
            }
            #expect(failures.current.isEmpty, "\(failures.current)")
            let resolved = outcomes.current.compactMap { outcome -> Transfer? in if case .resolved(let transfer) = outcome { transfer } else { nil } }
            #expect(resolved.count == 1, "round \(round): \(outcomes.current)")
            let first = try #require(resolved.first)
            for case .alreadyResolved(let seen) in outcomes.current {
                #expect(seen.status == first.status && seen.cancelledBy == first.cancelledBy)
            }
        }
        #expect(try store.gateway.accounts.amounts(of: AccountID("a_u_alice")).pending == 0)
        let claims = try store.gateway.transactions.list(account: AccountID("a_u_bob"), filter: TransactionFilter(), after: nil, limit: 100).count
        let completed = try store.gateway.transfers.list(owner: UserID("u_alice"), after: nil, limit: 100).filter { $0.status == .completed }.count
        #expect(claims == completed)
        #expect(try store.gateway.accounts.balance(of: AccountID("a_u_alice")) == 100_000 - Int64(completed) * 1_000)
    }

    @Test("a sender's pending transfers stop at the quota: one more is refused and reserves nothing; another sender is unaffected", arguments: Backend.allCases)
    func quota(backend: Backend) throws {
        let store = try backend.makeStore(quotas: StorageQuotas(pendingTransfers: 2))
        try store.fund("a_u_alice", 10_000)
        try store.fund("a_u_bob", 10_000)
        _ = try store.gateway.transfers.execute(Self.pending("tr_1", amount: 100))
        _ = try store.gateway.transfers.execute(Self.pending("tr_2", amount: 100))
        #expect(throws: GatewayError.quotaExceeded(QuotaExceeded(kind: .pendingTransfers, limit: 2))) {
            try store.gateway.transfers.execute(Self.pending("tr_3", amount: 100))
        }
        #expect(try store.gateway.accounts.amounts(of: AccountID("a_u_alice")).pending == 200)
        // Alice at her quota leaves Bob his own.
        var bobs = Self.pending("tr_bob", amount: 100)
        bobs.transfer.ownerID = UserID("u_bob")
        bobs.transfer.fromAccountID = AccountID("a_u_bob")
        #expect(try store.gateway.transfers.execute(bobs) == .completed(bobs.transfer))
        #expect(try store.gateway.accounts.amounts(of: AccountID("a_u_bob")).pending == 100)
        // A resolved one makes room.
        _ = try store.gateway.transfers.cancel(id: TransferID("tr_1"), owner: UserID("u_alice"), at: Self.sent)
        #expect(try store.gateway.transfers.execute(Self.pending("tr_3", amount: 100)) != .insufficientFunds)
    }
}
