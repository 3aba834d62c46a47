/// What the account list Responder must be able to show.
public protocol AccountListPresenterOutput: ProblemPresenterOutput {
    /// A page of the user's accounts.
    func showAccounts(_ list: AccountListViewModel)
}
