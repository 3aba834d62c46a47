/// What the account-creation Responder must be able to show.
public protocol AccountCreatePresenterOutput: ProblemPresenterOutput, ValidationPresenterOutput {
    func showCreated(_ account: AccountViewModel)
}
