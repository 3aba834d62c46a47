/// `POST /v1/accounts`: opens a new account for the owner.
///
/// Outcomes: `presentCreated(_:)`, `presentValidationFailures(_:)` (no name, a name over 100
/// characters, no currency, a code that is not ISO 4217), storage failures.
public struct AccountCreateUseCase {
    private let accounts: any AccountManager
    private let owner: UserID
    private let clock: any Clock
    private let ids: any IDGenerator

    public init(accounts: any AccountManager, owner: UserID, clock: any Clock, ids: any IDGenerator) {
        self.accounts = accounts
        self.owner = owner
        self.clock = clock
        self.ids = ids
    }

    public func eventCreate(name: String?, currencyCode: String?, output: any AccountCreateUseCaseOutput) {
        AccountCreateTransformer(accounts: accounts, clock: clock, ids: ids)
            .transform(name: name, currencyCode: currencyCode, owner: owner, output: output)
    }
}
