/// `GET /v1/accounts`: a page of the owner's accounts with their balances, oldest first.
///
/// Outcomes: `presentAccounts(_:next:)`, `presentNoAccounts()`, storage failures.
public struct AccountListUseCase {
    private let accounts: any AccountManager
    private let owner: UserID

    public init(accounts: any AccountManager, owner: UserID) {
        self.accounts = accounts
        self.owner = owner
    }

    /// - Parameter limit: 1...100, checked by the Presenter.
    public func eventList(after cursor: AccountCursor?, limit: Int, output: any AccountListUseCaseOutput) {
        do {
            // One extra row tells whether another page follows without a COUNT.
            let rows = try accounts.list(owner: owner, after: cursor, limit: limit + 1)
            if rows.isEmpty && cursor == nil {
                output.presentNoAccounts()
                return
            }
            let page = Array(rows.prefix(limit))
            let next = rows.count > limit ? page.last.map { AccountCursor(createdAt: $0.createdAt, id: $0.id) } : nil
            output.presentAccounts(try page.map { try AccountStanding.presentationModel(of: $0, accounts: accounts) }, next: next)
        } catch {
            output.presentStorage(error)
        }
    }
}
