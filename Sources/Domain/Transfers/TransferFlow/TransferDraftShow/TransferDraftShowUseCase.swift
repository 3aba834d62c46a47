/// Shows the draft `TransferFlow` loaded, with what is still missing and the recipient's name, so
/// a reload or a second tab shows the review screen without looking the recipient up itself.
///
/// Outcomes: `presentDraft(_:)` (a missing draft is the flow's `presentDraftNotFound(_:)`),
/// storage failures.
public struct TransferDraftShowUseCase {
    private let state: TransferDraftState
    private let accounts: any AccountManager
    private let contacts: any ContactManager
    private let users: any UserManager

    public init(state: TransferDraftState, accounts: any AccountManager, contacts: any ContactManager, users: any UserManager) {
        self.state = state
        self.accounts = accounts
        self.contacts = contacts
        self.users = users
    }

    public func eventShow(output: any TransferDraftShowUseCaseOutput) {
        do {
            let name = try state.recipient.flatMap {
                try TransferRecipientResolver(accounts: accounts, contacts: contacts, users: users).name(of: $0, owner: state.ownerID)
            }
            output.presentDraft(TransferDraftPresentationModel(state, recipientName: name))
        } catch {
            output.presentStorage(error)
        }
    }
}
