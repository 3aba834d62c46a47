/// What the Responder of one step of the flow must be able to show.
public protocol TransferDraftUpdatePresenterOutput: ProblemPresenterOutput, ValidationPresenterOutput, NotFoundPresenterOutput {
    /// The draft as now stored, with the steps still missing.
    func showDraft(_ draft: TransferDraftViewModel)
    /// Another step was stored meanwhile (409); nothing changed.
    func showConflict(_ problem: ProblemViewModel)
}
