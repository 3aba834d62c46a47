import Domain
import DomainTestSupport
import Foundation
import Testing

@Suite("TransferFlow")
struct TransferFlowTests {
    /// Starts a draft from `a_main` and returns its id.
    func start(_ world: TransferWorld) throws -> TransferDraftID {
        let spy = TransferOutputSpy()
        world.flow().eventCreate(fromAccountID: AccountID("a_main"), output: spy)
        guard case .draftCreated(let draft) = try #require(spy.events.first) else { throw CancellationError() }
        return draft.id
    }

    func update(_ world: TransferWorld, _ id: TransferDraftID, _ change: TransferDraftChange, owner: UserID = alice, at offset: TimeInterval = 0) -> [TransferOutputSpy.Event] {
        let spy = TransferOutputSpy()
        world.flow(owner: owner, at: offset).eventUpdate(id: id, change: change, output: spy)
        return spy.events
    }

    func show(_ world: TransferWorld, _ id: TransferDraftID, owner: UserID = alice, at offset: TimeInterval = 0) -> [TransferOutputSpy.Event] {
        let spy = TransferOutputSpy()
        world.flow(owner: owner, at: offset).eventShow(id: id, output: spy)
        return spy.events
    }

    func submit(_ world: TransferWorld, _ id: TransferDraftID, transfers: (any TransferManager)? = nil) -> [TransferOutputSpy.Event] {
        let spy = TransferOutputSpy()
        world.flow(transfers: transfers).eventSubmit(id: id, output: spy)
        return spy.events
    }

    func stored(_ world: TransferWorld, _ id: TransferDraftID) -> TransferDraftState? {
        world.drafts.all.first { $0.id == id }
    }

    @Test("a new draft holds its source and currency, misses amount and recipient, and lives 24 hours")
    func create() throws {
        let world = try TransferWorld()
        let id = try start(world)
        let draft = try #require(stored(world, id))
        #expect(draft.fromAccountID == AccountID("a_main") && draft.currency == .cad && draft.missing == [.amount, .recipient])
        #expect(draft.expiresAt == world.start.addingTimeInterval(86_400))
        #expect(show(world, id) == [.draft(TransferDraftPresentationModel(draft))])
    }

    @Test("a draft from another user's account, or from none, is refused and nothing is stored")
    func createRefused() throws {
        let world = try TransferWorld()
        let spy = TransferOutputSpy()
        world.flow().eventCreate(fromAccountID: AccountID("b_main"), output: spy)
        world.flow().eventCreate(fromAccountID: nil, output: spy)
        #expect(spy.events == [.accountNotFound(AccountID("b_main")), .validationFailures([TransferFieldFailure(field: .fromAccountId, rule: .required)])])
        #expect(world.drafts.all.isEmpty)
    }

    @Test("each step is validated on its own and persisted; a refused step leaves the draft unchanged")
    func steps() throws {
        let world = try TransferWorld()
        let id = try start(world)
        #expect(update(world, id, .amount(DecimalAmount("0.00"))) == [.validationFailures([TransferFieldFailure(field: .amount, rule: .notPositive)])])
        #expect(update(world, id, .amount(DecimalAmount("1.001"))) == [.validationFailures([TransferFieldFailure(field: .amount, rule: .tooManyDecimals)])])
        #expect(stored(world, id)?.version == 1)
        guard case .draft(let afterAmount) = try #require(update(world, id, .amount(DecimalAmount("12.34"))).first) else { throw CancellationError() }
        #expect(afterAmount.amount == Money(minor: 1_234, currency: .cad) && afterAmount.missing == [.recipient] && afterAmount.version == 2)
        #expect(update(world, id, .recipient(toAccountID: AccountID("a_main"), toContactID: nil)) == [.sameAccount])
        #expect(update(world, id, .recipient(toAccountID: AccountID("b_main"), toContactID: nil)) == [.accountNotFound(AccountID("b_main"))])
        #expect(update(world, id, .recipient(toAccountID: nil, toContactID: ContactID("c_noemail"))) == [.recipientNotReachable])
        #expect(update(world, id, .recipient(toAccountID: AccountID("a_euro"), toContactID: nil)) == [.currencyMismatch])
        #expect(stored(world, id)?.recipient == nil)
        _ = update(world, id, .recipient(toAccountID: nil, toContactID: ContactID("c_bob")))
        _ = update(world, id, .memo("lunch"))
        let draft = try #require(stored(world, id))
        #expect(draft.amountMinor == 1_234 && draft.recipient == .contact(ContactID("c_bob")) && draft.memo == "lunch" && draft.missing.isEmpty)
        #expect(draft.version == 4)
    }

    @Test("a draft names its recipient on the step that chooses it, on later steps, when shown again, and not once it is gone")
    func recipientNamed() throws {
        let world = try TransferWorld()
        let id = try start(world)
        guard case .draft(let chosen) = try #require(update(world, id, .recipient(toAccountID: nil, toContactID: ContactID("c_bob"))).first)
        else { throw CancellationError() }
        #expect(chosen.recipientName == "Bob Jones")
        guard case .draft(let later) = try #require(update(world, id, .memo("lunch")).first) else { throw CancellationError() }
        #expect(later.recipientName == "Bob Jones")
        guard case .draft(let shown) = try #require(show(world, id).first) else { throw CancellationError() }
        #expect(shown.recipientName == "Bob Jones")
        _ = update(world, id, .recipient(toAccountID: AccountID("a_savings"), toContactID: nil))
        guard case .draft(let account) = try #require(show(world, id).first) else { throw CancellationError() }
        #expect(account.recipientName == "Account a_savings")
        _ = update(world, id, .recipient(toAccountID: nil, toContactID: ContactID("c_bob")))
        _ = try world.contacts.delete(id: ContactID("c_bob"), owner: alice, at: Date(timeIntervalSince1970: 1_795_000_000))
        guard case .draft(let gone) = try #require(show(world, id).first) else { throw CancellationError() }
        #expect(gone.recipient == .contact(ContactID("c_bob")) && gone.recipientName == nil)
    }

    @Test("the next step is the recipient until one is chosen, then the amount, then the review; a cleared step is asked again")
    func nextStep() throws {
        let world = try TransferWorld()
        let id = try start(world)
        #expect(try #require(stored(world, id)).nextStep == .recipient)
        guard case .draft(let amountOnly) = try #require(update(world, id, .amount(DecimalAmount("12.34"))).first) else { throw CancellationError() }
        #expect(amountOnly.nextStep == .recipient)
        _ = update(world, id, .amount(nil))
        guard case .draft(let recipientOnly) = try #require(update(world, id, .recipient(toAccountID: nil, toContactID: ContactID("c_bob"))).first)
        else { throw CancellationError() }
        #expect(recipientOnly.nextStep == .amount)
        guard case .draft(let complete) = try #require(update(world, id, .amount(DecimalAmount("1.00"))).first) else { throw CancellationError() }
        #expect(complete.nextStep == .review)
        guard case .draft(let cleared) = try #require(update(world, id, .recipient(toAccountID: nil, toContactID: nil)).first) else { throw CancellationError() }
        #expect(cleared.nextStep == .recipient)
    }

    @Test("an amount or recipient step without a value clears it, so submit misses it again")
    func emptyStepsClear() throws {
        let world = try TransferWorld()
        let id = try start(world)
        _ = update(world, id, .amount(DecimalAmount("12.34")))
        _ = update(world, id, .recipient(toAccountID: nil, toContactID: ContactID("c_bob")))
        #expect(try #require(stored(world, id)).missing.isEmpty)
        guard case .draft(let noAmount) = try #require(update(world, id, .amount(nil)).first) else { throw CancellationError() }
        #expect(noAmount.amount == nil && noAmount.missing == [.amount] && noAmount.version == 4)
        guard case .draft(let empty) = try #require(update(world, id, .recipient(toAccountID: nil, toContactID: nil)).first) else { throw CancellationError() }
        #expect(empty.recipient == nil && empty.missing == [.amount, .recipient])
        let draft = try #require(stored(world, id))
        #expect(draft.amountMinor == nil && draft.recipient == nil && draft.version == 5)
    }

    @Test("another user's draft and an expired draft are not found, for show and update alike")
    func invisible() throws {
        let world = try TransferWorld()
        let id = try start(world)
        #expect(show(world, id, owner: bob) == [.draftNotFound(id)])
        #expect(update(world, id, .amount(DecimalAmount("0.01")), owner: bob) == [.draftNotFound(id)])
        #expect(show(world, id, at: 86_399).count == 1)
        #expect(show(world, id, at: 86_400) == [.draftNotFound(id)])
        #expect(update(world, id, .amount(DecimalAmount("0.01")), at: 86_400) == [.draftNotFound(id)])
        #expect(stored(world, id)?.amountMinor == nil)
    }

    @Test("submit lists what is missing and changes nothing")
    func submitIncomplete() throws {
        let world = try TransferWorld()
        let id = try start(world)
        #expect(submit(world, id, transfers: UntouchableTransferManager()) == [.incomplete([.amount, .recipient])])
        #expect(stored(world, id) != nil)
    }

    @Test("submit runs the one-step transfer and removes the draft; submitting again is not found")
    func submitCompletes() throws {
        let world = try TransferWorld()
        let id = try start(world)
        _ = update(world, id, .amount(DecimalAmount("40.00")))
        _ = update(world, id, .recipient(toAccountID: AccountID("a_savings"), toContactID: nil))
        let events = submit(world, id)
        let transfer = try #require(world.transfers.all.first)
        #expect(events == [.created(TransferPresentationModel(transfer))])
        #expect(transfer.amount.minor == 4_000 && world.balance("a_savings") == 4_000)
        #expect(stored(world, id) == nil)
        #expect(submit(world, id) == [.draftNotFound(id)])
        #expect(world.transfers.all.count == 1)
    }

    @Test("a submit refused for insufficient funds keeps the draft as it was")
    func submitRefused() throws {
        let world = try TransferWorld()
        let id = try start(world)
        _ = update(world, id, .amount(DecimalAmount("100.01")))
        _ = update(world, id, .recipient(toAccountID: AccountID("a_savings"), toContactID: nil))
        let before = try #require(stored(world, id))
        #expect(submit(world, id) == [.insufficientFunds])
        #expect(stored(world, id) == before)
        #expect(world.transfers.legs.isEmpty)
    }
}
