/// `POST /v1/transfers`: sends money from one of the owner's accounts to another of theirs or to
/// a reachable contact, in one step.
///
/// Outcomes: `presentCreated(_:)`, `presentValidationFailures(_:)`, `presentAccountNotFound(_:)`,
/// `presentContactNotFound(_:)`, `presentSameAccount()`, `presentCurrencyMismatch()`,
/// `presentRecipientNotReachable()`, `presentInsufficientFunds()`, storage failures, and
/// `presentInternalInconsistency(_:)` when a branch its own checks rule out is reached (a bug).
public struct TransferCreateUseCase {
    private let transformer: TransferCreateTransformer
    private let owner: UserID
    private let idempotency: IdempotentRequest?

    /// `idempotency`: the `Idempotency-Key` the request holds and its fingerprint, named with the
    /// transfer in its own transaction; nil without one.
    public init(
        transfers: any TransferManager, accounts: any AccountManager, contacts: any ContactManager, users: any UserManager,
        policy: TransferPolicy, owner: UserID, clock: any Clock, ids: any IDGenerator, language: String = "en",
        idempotency: IdempotentRequest? = nil
    ) {
        transformer = TransferCreateTransformer(
            transfers: transfers, accounts: accounts, contacts: contacts, users: users, policy: policy, clock: clock, ids: ids, language: language)
        self.owner = owner
        self.idempotency = idempotency
    }

    public func eventCreate(_ request: TransferCreateRequest, output: any TransferCreateUseCaseOutput) {
        transformer.transform(request, owner: owner, idempotency: idempotency, output: output)
    }
}
