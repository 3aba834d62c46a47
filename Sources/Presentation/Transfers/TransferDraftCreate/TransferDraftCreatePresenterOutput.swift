/// What the Responder of the flow's first screen must be able to show.
public protocol TransferDraftCreatePresenterOutput: ProblemPresenterOutput, ValidationPresenterOutput, NotFoundPresenterOutput {
    func showCreated(_ draft: TransferDraftViewModel)
}
