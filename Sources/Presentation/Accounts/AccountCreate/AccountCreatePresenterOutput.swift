/// What the account-creation Responder must be able to show.
public protocol AccountCreatePresenterOutput: ProblemPresenterOutput, ValidationPresenterOutput {
    /// The new account (201).
    func showCreated(_ account: AccountViewModel)
}
