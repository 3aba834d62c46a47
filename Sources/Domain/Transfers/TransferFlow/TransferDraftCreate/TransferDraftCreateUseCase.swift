import Foundation

/// The flow's first screen: a draft from one of the owner's accounts, alive for
/// `TransferPolicy.draftLifetime`.
///
/// Outcomes: `presentCreated(_:)`, `presentValidationFailures(_:)`, `presentAccountNotFound(_:)`,
/// storage failures.
public struct TransferDraftCreateUseCase {
    private let drafts: any TransferDraftManager
    private let accounts: any AccountManager
    private let policy: TransferPolicy
    private let owner: UserID
    private let clock: any Clock
    private let ids: any IDGenerator

    public init(
        drafts: any TransferDraftManager, accounts: any AccountManager, policy: TransferPolicy, owner: UserID, clock: any Clock,
        ids: any IDGenerator
    ) {
        self.drafts = drafts
        self.accounts = accounts
        self.policy = policy
        self.owner = owner
        self.clock = clock
        self.ids = ids
    }

    public func eventCreate(fromAccountID: AccountID?, output: any TransferDraftCreateUseCaseOutput) {
        guard let fromAccountID, !fromAccountID.rawValue.isEmpty else {
            output.presentValidationFailures([TransferFieldFailure(field: .fromAccountId, rule: .required)])
            return
        }
        do {
            guard let source = try accounts.fetch(id: fromAccountID, owner: owner) else {
                output.presentAccountNotFound(fromAccountID)
                return
            }
            let now = clock.now()
            let draft = TransferDraftState(
                id: TransferDraftID(ids.makeID(prefix: "td_")), ownerID: owner, fromAccountID: source.id, currency: source.currency,
                createdAt: now, expiresAt: now.addingTimeInterval(policy.draftLifetime))
            try drafts.insert(draft)
            output.presentCreated(TransferDraftPresentationModel(draft))
        } catch {
            output.presentStorage(error)
        }
    }
}
