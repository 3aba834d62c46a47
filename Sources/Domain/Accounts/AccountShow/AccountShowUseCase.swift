/// `GET /v1/accounts/{id}`: one of the owner's accounts with its balance, available amount and
/// credit limit.
///
/// Outcomes: `presentAccount(_:)`, `presentNotFound(_:)`, storage failures.
public struct AccountShowUseCase {
    private let accounts: any AccountManager
    private let owner: UserID

    public init(accounts: any AccountManager, owner: UserID) {
        self.accounts = accounts
        self.owner = owner
    }

    public func eventShow(id: AccountID, output: any AccountShowUseCaseOutput) {
        do {
            guard let account = try accounts.fetch(id: id, owner: owner) else {
                output.presentNotFound(id)
                return
            }
            output.presentAccount(try AccountStanding.presentationModel(of: account, accounts: accounts))
        } catch {
            output.presentStorage(error)
        }
    }
}
