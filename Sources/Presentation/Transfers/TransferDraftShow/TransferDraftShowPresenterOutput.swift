/// What the draft Responder must be able to show.
public protocol TransferDraftShowPresenterOutput: ProblemPresenterOutput, NotFoundPresenterOutput {
    func showDraft(_ draft: TransferDraftViewModel)
}
