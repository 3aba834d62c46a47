/// What the Responder of an abandoned flow must be able to show.
public protocol TransferDraftDeletePresenterOutput: ProblemPresenterOutput, NotFoundPresenterOutput {
    /// The draft is gone (204).
    func showDeleted()
}
