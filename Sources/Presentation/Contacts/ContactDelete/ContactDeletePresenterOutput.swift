/// What the contact-deletion Responder must be able to show.
public protocol ContactDeletePresenterOutput: ProblemPresenterOutput, NotFoundPresenterOutput {
    func showDeleted()
}
