/// What one step of the flow can lead to.
public protocol TransferDraftUpdateUseCaseOutput: TransferRecipientOutput, TransferDraftLookupOutput {
    /// The step is stored; the draft as it now stands.
    func presentDraft(_ draft: TransferDraftPresentationModel)
    /// The step's value broke its rules; the draft is unchanged.
    func presentValidationFailures(_ failures: [TransferFieldFailure])
    /// Another step was stored since this one read the draft; nothing changed, retrying may work.
    func presentConflict()
}
