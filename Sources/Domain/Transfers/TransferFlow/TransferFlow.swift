import Foundation

/// The "send money" flow, one request per screen: the router that owns each request's
/// `TransferDraftState`, loads it for the owner (expired drafts are not found) and injects it
/// into the step's use case. No state outlives a request but the stored draft.
///
/// One concept, one name per audience: in code it is `TransferFlow` over transfer drafts (the
/// `TransferDraft…` scenes), in the contract `/v1/transfer-drafts`, and "send money" (the web
/// client's `#/send`) only where users read it.
public struct TransferFlow {
    private let drafts: any TransferDraftManager
    private let transfers: any TransferManager
    private let accounts: any AccountManager
    private let contacts: any ContactManager
    private let users: any UserManager
    private let policy: TransferPolicy
    private let owner: UserID
    private let clock: any Clock
    private let ids: any IDGenerator
    private let language: String

    /// `language`: what a submit's mail to a pending transfer's address is worded in.
    public init(
        drafts: any TransferDraftManager, transfers: any TransferManager, accounts: any AccountManager, contacts: any ContactManager,
        users: any UserManager, policy: TransferPolicy, owner: UserID, clock: any Clock, ids: any IDGenerator, language: String = "en"
    ) {
        self.language = language
        self.drafts = drafts
        self.transfers = transfers
        self.accounts = accounts
        self.contacts = contacts
        self.users = users
        self.policy = policy
        self.owner = owner
        self.clock = clock
        self.ids = ids
    }

    /// `POST /v1/transfer-drafts`.
    public func eventCreate(fromAccountID: AccountID?, output: any TransferDraftCreateUseCaseOutput) {
        TransferDraftCreateUseCase(drafts: drafts, accounts: accounts, policy: policy, owner: owner, clock: clock, ids: ids)
            .eventCreate(fromAccountID: fromAccountID, output: output)
    }

    /// `GET /v1/transfer-drafts/{id}`.
    public func eventShow(id: TransferDraftID, output: any TransferDraftShowUseCaseOutput) {
        withState(id, output: output) {
            TransferDraftShowUseCase(state: $0, accounts: accounts, contacts: contacts, users: users).eventShow(output: output)
        }
    }

    /// `PATCH /v1/transfer-drafts/{id}`.
    public func eventUpdate(id: TransferDraftID, change: TransferDraftChange, output: any TransferDraftUpdateUseCaseOutput) {
        withState(id, output: output) { state in
            TransferDraftUpdateUseCase(
                state: state, drafts: drafts, accounts: accounts, contacts: contacts, users: users, policy: policy, clock: clock
            ).eventUpdate(change, output: output)
        }
    }

    /// `POST /v1/transfer-drafts/{id}/submit`.
    public func eventSubmit(id: TransferDraftID, output: any TransferDraftSubmitUseCaseOutput) {
        withState(id, output: output) { state in
            let transformer = TransferCreateTransformer(
                transfers: transfers, accounts: accounts, contacts: contacts, users: users, policy: policy, clock: clock, ids: ids,
                language: language)
            TransferDraftSubmitUseCase(state: state, transformer: transformer).eventSubmit(output: output)
        }
    }

    /// `DELETE /v1/transfer-drafts/{id}`: the user abandons the flow.
    public func eventDelete(id: TransferDraftID, output: any TransferDraftDeleteUseCaseOutput) {
        withState(id, output: output) { TransferDraftDeleteUseCase(state: $0, drafts: drafts).eventDelete(output: output) }
    }

    private func withState(_ id: TransferDraftID, output: any TransferDraftLookupOutput, _ step: (TransferDraftState) -> Void) {
        let state: TransferDraftState?
        do {
            state = try drafts.fetch(id: id, owner: owner, at: clock.now())
        } catch {
            output.presentStorage(error)
            return
        }
        guard let state else {
            output.presentDraftNotFound(id)
            return
        }
        step(state)
    }
}
