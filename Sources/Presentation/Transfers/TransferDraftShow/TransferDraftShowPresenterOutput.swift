/// What the draft Responder must be able to show.
public protocol TransferDraftShowPresenterOutput: ProblemPresenterOutput, NotFoundPresenterOutput {
    /// The draft, with the steps still missing.
    func showDraft(_ draft: TransferDraftViewModel)
}
