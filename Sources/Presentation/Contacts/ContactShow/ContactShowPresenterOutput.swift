/// What the contact Responder must be able to show.
public protocol ContactShowPresenterOutput: ProblemPresenterOutput, NotFoundPresenterOutput {
    func showContact(_ contact: ContactViewModel)
}
