/// What the contact-deletion Responder must be able to show.
public protocol ContactDeletePresenterOutput: ProblemPresenterOutput, NotFoundPresenterOutput {
    /// The contact is gone (204).
    func showDeleted()
}
