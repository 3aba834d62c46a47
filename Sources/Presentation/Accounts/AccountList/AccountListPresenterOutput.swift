/// What the account list Responder must be able to show.
public protocol AccountListPresenterOutput: ProblemPresenterOutput {
    func showAccounts(_ list: AccountListViewModel)
}
