/// What the contact-creation Responder must be able to show.
public protocol ContactCreatePresenterOutput: ProblemPresenterOutput, ValidationPresenterOutput {
    func showCreated(_ contact: ContactViewModel)
}
