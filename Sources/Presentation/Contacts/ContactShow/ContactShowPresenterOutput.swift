/// What the contact Responder must be able to show.
public protocol ContactShowPresenterOutput: ProblemPresenterOutput, NotFoundPresenterOutput {
    /// The contact.
    func showContact(_ contact: ContactViewModel)
}
