/// What submitting a draft can lead to: everything sending money can, and more.
public protocol TransferDraftSubmitUseCaseOutput: TransferCreateUseCaseOutput, TransferDraftLookupOutput {
    /// Submit needs these steps first; nothing changed.
    func presentIncomplete(_ missing: [TransferDraftStep])
}
