/// What abandoning a draft can lead to.
public protocol TransferDraftDeleteUseCaseOutput: TransferDraftLookupOutput {
    /// The draft is gone; it is not found from now on.
    func presentDeleted()
}
