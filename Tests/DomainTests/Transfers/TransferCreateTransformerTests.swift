import Domain
import DomainTestSupport
import Foundation
import Synchronization
import Testing

@Suite("TransferCreateTransformer")
struct TransferCreateTransformerTests {
    func send(_ request: TransferCreateRequest, in world: TransferWorld, transfers: (any TransferManager)? = nil) -> [TransferOutputSpy.Event] {
        let spy = TransferOutputSpy()
        world.transformer(transfers: transfers).transform(request, owner: alice, output: spy)
        return spy.events
    }

    func request(from: String = "a_main", toAccount: String? = "a_savings", toContact: String? = nil, amount: String? = "25.00", memo: String? = nil) -> TransferCreateRequest {
        TransferCreateRequest(
            fromAccountID: AccountID(from), toAccountID: toAccount.map(AccountID.init), toContactID: toContact.map(ContactID.init), amount: amount.flatMap(DecimalAmount.init),
            memo: memo)
    }

    @Test("a transfer between the user's accounts completes with a posted debit and a posted credit that name each side")
    func internalTransfer() throws {
        let world = try TransferWorld()
        let events = send(request(memo: "rent"), in: world)
        let stored = try #require(world.transfers.all.first)
        #expect(events == [.created(TransferPresentationModel(stored))])
        #expect(stored.recipient == .account(AccountID("a_savings")) && stored.toAccountID == AccountID("a_savings"))
        #expect(stored.amount == Money(minor: 2_500, currency: .cad) && stored.memo == "rent" && stored.recipientName == "Account a_savings")
        #expect(world.transfers.legs.map(\.direction) == [.debit, .credit])
        #expect(world.transfers.legs.allSatisfy { $0.group == .posted && $0.amount == 2_500 })
        #expect(world.transfers.legs.map(\.description) == ["Transfer to Account a_savings", "Transfer from Account a_main"])
        #expect(world.balance("a_main") == 7_500 && world.balance("a_savings") == 2_500)
    }

    @Test("every missing field is named at once, and storage is not reached")
    func missingFields() throws {
        let world = try TransferWorld()
        #expect(send(TransferCreateRequest(), in: world, transfers: UntouchableTransferManager()) == [.validationFailures([
            TransferFieldFailure(field: .fromAccountId, rule: .required), TransferFieldFailure(field: .recipient, rule: .required),
            TransferFieldFailure(field: .amount, rule: .required),
        ])])
    }

    @Test("zero amounts are refused", arguments: ["0", "0.00", "000"])
    func notPositive(amount: String) throws {
        let world = try TransferWorld()
        #expect(send(request(amount: amount), in: world, transfers: UntouchableTransferManager())
            == [.validationFailures([TransferFieldFailure(field: .amount, rule: .notPositive)])])
    }

    @Test("more decimals than the source's currency has, or more than 64-bit minor units, are refused at the amount without storing")
    func amountInSourceCurrency() throws {
        let world = try TransferWorld()
        #expect(send(request(amount: "1.001"), in: world, transfers: UntouchableTransferManager())
            == [.validationFailures([TransferFieldFailure(field: .amount, rule: .tooManyDecimals)])])
        #expect(send(request(amount: "99999999999999999999"), in: world, transfers: UntouchableTransferManager())
            == [.validationFailures([TransferFieldFailure(field: .amount, rule: .tooLarge)])])
    }

    @Test("both an account and a contact as recipient, or a memo past the limit, are refused")
    func conflictingRecipientAndLongMemo() throws {
        let world = try TransferWorld()
        #expect(send(request(toContact: "c_bob", memo: String(repeating: "é", count: 141)), in: world, transfers: UntouchableTransferManager())
            == [.validationFailures([
                TransferFieldFailure(field: .recipient, rule: .conflictingRecipients), TransferFieldFailure(field: .memo, rule: .tooLong),
            ])])
    }

    @Test("the same account on both sides is refused")
    func sameAccount() throws {
        let world = try TransferWorld()
        #expect(send(request(toAccount: "a_main"), in: world, transfers: UntouchableTransferManager()) == [.sameAccount])
    }

    @Test("another user's account, as source or destination, looks exactly like a missing one")
    func othersAccounts() throws {
        let world = try TransferWorld()
        #expect(send(request(from: "b_main"), in: world, transfers: UntouchableTransferManager()) == [.accountNotFound(AccountID("b_main"))])
        #expect(send(request(from: "a_nope"), in: world, transfers: UntouchableTransferManager()) == [.accountNotFound(AccountID("a_nope"))])
        #expect(send(request(toAccount: "b_main"), in: world, transfers: UntouchableTransferManager()) == [.accountNotFound(AccountID("b_main"))])
        #expect(send(request(toAccount: "a_nope"), in: world, transfers: UntouchableTransferManager()) == [.accountNotFound(AccountID("a_nope"))])
    }

    @Test("two own accounts in different currencies are refused")
    func currencyMismatch() throws {
        let world = try TransferWorld()
        #expect(send(request(toAccount: "a_euro"), in: world, transfers: UntouchableTransferManager()) == [.currencyMismatch])
    }

    @Test("another user's contact looks like a missing one")
    func othersContact() throws {
        let world = try TransferWorld()
        #expect(send(request(toAccount: nil, toContact: "c_bobs"), in: world, transfers: UntouchableTransferManager()) == [.contactNotFound(ContactID("c_bobs"))])
    }

    @Test("a contact without email is not reachable; nothing reaches storage")
    func notReachable() throws {
        let world = try TransferWorld()
        #expect(send(request(toAccount: nil, toContact: "c_noemail"), in: world, transfers: UntouchableTransferManager()) == [.recipientNotReachable])
    }

    @Test("a contact with an unregistered email, whose user has no account in the currency, or whose user never verified the address is paid pending: bound to the address, reserved, no leg, with a mail to the address",
        arguments: ["c_stranger", "c_carol", "c_dave"])
    func pendingForUnverified(contact: String) throws {
        let world = try TransferWorld()
        let events = send(request(toAccount: nil, toContact: contact), in: world)
        let stored = try #require(world.transfers.all.first)
        #expect(events == [.created(TransferPresentationModel(stored))])
        #expect(stored.status == .pending && stored.toAccountID == nil && stored.debitTransactionID == nil && stored.recipientEmail != nil)
        #expect(stored.expiresAt == stored.createdAt.addingTimeInterval(TransferPolicy().holdLifetime))
        #expect(world.transfers.legs.isEmpty && world.balance("a_main") == 10_000)
    }

    @Test("a reachable contact is credited in their user's first account in the source's currency")
    func contactTransfer() throws {
        let world = try TransferWorld()
        let events = send(request(toAccount: nil, toContact: "c_bob"), in: world)
        let stored = try #require(world.transfers.all.first)
        #expect(events == [.created(TransferPresentationModel(stored))])
        #expect(stored.toAccountID == AccountID("b_main") && stored.recipient == .contact(ContactID("c_bob")) && stored.recipientName == "Bob Jones")
        #expect(world.transfers.legs.map(\.description) == ["Transfer to Bob Jones", "Transfer from Alice Smith"])
        #expect(world.balance("b_main") == 2_500 && world.balance("b_second") == 0)
    }

    @Test("more than the balance plus the credit limit is refused by storage and nothing moves; up to it goes through")
    func insufficientFunds() throws {
        let world = try TransferWorld()
        #expect(send(request(amount: "100.01"), in: world) == [.insufficientFunds])
        #expect(world.transfers.legs.isEmpty && world.balance("a_main") == 10_000)
        #expect(send(request(from: "a_card", toAccount: "a_main", amount: "20.01"), in: world) == [.insufficientFunds])
        #expect(send(request(from: "a_card", toAccount: "a_main", amount: "20.00"), in: world).count == 1)
        #expect(world.balance("a_card") == -2_000)
    }

    @Test("storage trouble is reported as such")
    func storageTrouble() throws {
        let world = try TransferWorld()
        world.accounts.failure.withLock { $0 = .unavailable("busy") }
        #expect(send(request(), in: world) == [.storageUnavailable])
    }

    @Test("a clock outside the calendar is an internal inconsistency that names the clock, not a storage failure")
    func clockOutsideCalendar() throws {
        let world = try TransferWorld()
        let spy = TransferOutputSpy()
        world.transformer(clock: FixedClock(Date(timeIntervalSince1970: 1e12))).transform(request(), owner: alice, output: spy)
        guard case .internalInconsistency(let reason) = try #require(spy.events.first), spy.events.count == 1 else {
            Issue.record("expected one internal inconsistency, got \(spy.events)")
            return
        }
        #expect(reason.contains("clock"))
        #expect(world.transfers.legs.isEmpty)
    }

    @Test("storage answering draftNotFound to the one-step path, which consumes no draft, is an internal inconsistency")
    func draftGoneWithoutDraft() throws {
        let world = try TransferWorld()
        let events = send(request(), in: world, transfers: DraftGoneTransferManager())
        guard case .internalInconsistency(let reason) = try #require(events.first), events.count == 1 else {
            Issue.record("expected one internal inconsistency, got \(events)")
            return
        }
        #expect(reason.contains("draftNotFound"))
    }
}

/// Answers every transfer with `.draftNotFound`, as storage would for a draft that has gone;
/// anything else fails the test.
private struct DraftGoneTransferManager: UnimplementedTransferManager {
    func execute(_ transfer: NewTransfer, consuming draft: TransferDraftID?) throws -> TransferOutcome { .draftNotFound }
}
