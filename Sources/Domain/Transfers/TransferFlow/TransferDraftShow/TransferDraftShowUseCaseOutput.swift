/// What showing a draft can lead to.
public protocol TransferDraftShowUseCaseOutput: TransferDraftLookupOutput {
    /// As stored, with what submit still needs.
    func presentDraft(_ draft: TransferDraftPresentationModel)
}
