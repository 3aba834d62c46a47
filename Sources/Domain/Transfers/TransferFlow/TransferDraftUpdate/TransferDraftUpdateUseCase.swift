/// One screen of the flow: validates a single step on its own (an amount, a recipient, a memo)
/// against the injected draft state and stores the next state.
///
/// Outcomes: `presentDraft(_:)`, `presentValidationFailures(_:)`, the recipient refusals of
/// `TransferRecipientOutput`, `presentDraftNotFound(_:)` (expired meanwhile), `presentConflict()`,
/// storage failures.
public struct TransferDraftUpdateUseCase {
    private let state: TransferDraftState
    private let drafts: any TransferDraftManager
    private let accounts: any AccountManager
    private let contacts: any ContactManager
    private let users: any UserManager
    private let policy: TransferPolicy
    private let clock: any Clock

    public init(
        state: TransferDraftState, drafts: any TransferDraftManager, accounts: any AccountManager, contacts: any ContactManager,
        users: any UserManager, policy: TransferPolicy, clock: any Clock
    ) {
        self.state = state
        self.drafts = drafts
        self.accounts = accounts
        self.contacts = contacts
        self.users = users
        self.policy = policy
        self.clock = clock
    }

    public func eventUpdate(_ change: TransferDraftChange, output: any TransferDraftUpdateUseCaseOutput) {
        do {
            var next = state
            let resolver = TransferRecipientResolver(accounts: accounts, contacts: contacts, users: users)
            // Known from the resolution when this step names the recipient; looked up otherwise.
            var resolvedName: String?
            switch change {
            case .amount(nil):
                // Null or blank: the user emptied the amount field, so the step is to be taken again.
                next.amountMinor = nil
            case .amount(let amount?):
                let failures = TransferCreateTransformer.amountFailures(amount)
                guard failures.isEmpty else { return output.presentValidationFailures(failures) }
                switch TransferCreateTransformer.money(amount, in: state.currency) {
                case .success(let money): next.amountMinor = money.minor
                case .failure(let failure): return output.presentValidationFailures([failure])
                }
            case .recipient(nil, nil):
                next.recipient = nil
            case .recipient(let toAccountID, let toContactID):
                let failures = TransferCreateTransformer.recipientFailures(toAccountID: toAccountID, toContactID: toContactID)
                guard failures.isEmpty else { return output.presentValidationFailures(failures) }
                let recipient: TransferRecipient = toAccountID.map { .account($0) } ?? toContactID.map { .contact($0) } ?? .account(AccountID(""))
                guard let source = try accounts.fetch(id: state.fromAccountID, owner: state.ownerID) else {
                    output.presentAccountNotFound(state.fromAccountID)
                    return
                }
                let resolution = try resolver.resolve(recipient, from: source, owner: state.ownerID)
                if TransferRecipientResolver.present(resolution, to: output) { return }
                switch resolution {
                case .resolved(let destination): resolvedName = destination.recipientName
                case .pending(let destination): resolvedName = destination.recipientName
                default: break
                }
                next.recipient = recipient
            case .memo(let memo):
                let failures = TransferCreateTransformer.memoFailures(memo, policy: policy)
                guard failures.isEmpty else { return output.presentValidationFailures(failures) }
                next.memo = memo.flatMap { $0.isEmpty ? nil : $0 }
            }
            guard try drafts.update(next, at: clock.now()) else {
                if try drafts.fetch(id: state.id, owner: state.ownerID, at: clock.now()) == nil {
                    output.presentDraftNotFound(state.id)
                } else {
                    output.presentConflict()
                }
                return
            }
            next.version += 1
            let name = try resolvedName ?? next.recipient.flatMap { try resolver.name(of: $0, owner: state.ownerID) }
            output.presentDraft(TransferDraftPresentationModel(next, recipientName: name))
        } catch {
            output.presentStorage(error)
        }
    }
}
