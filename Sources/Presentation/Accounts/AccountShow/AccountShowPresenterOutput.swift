/// What the account Responder must be able to show.
public protocol AccountShowPresenterOutput: ProblemPresenterOutput, NotFoundPresenterOutput {
    /// The account.
    func showAccount(_ account: AccountViewModel)
}
