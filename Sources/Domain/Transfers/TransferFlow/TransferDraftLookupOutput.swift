/// How every step after the first tells that its draft is gone.
public protocol TransferDraftLookupOutput: StorageFailureOutput {
    /// Missing, someone else's, expired, or already submitted: all look alike.
    func presentDraftNotFound(_ id: TransferDraftID)
}
