/// What the Responder of the flow's first screen must be able to show.
public protocol TransferDraftCreatePresenterOutput: ProblemPresenterOutput, ValidationPresenterOutput, NotFoundPresenterOutput {
    /// The new draft, with the steps still missing (201).
    func showCreated(_ draft: TransferDraftViewModel)
}
