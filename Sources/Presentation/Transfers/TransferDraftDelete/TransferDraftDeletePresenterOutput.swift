/// What the Responder of an abandoned flow must be able to show.
public protocol TransferDraftDeletePresenterOutput: ProblemPresenterOutput, NotFoundPresenterOutput {
    func showDeleted()
}
