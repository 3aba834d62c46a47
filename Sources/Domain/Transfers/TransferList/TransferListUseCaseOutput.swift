/// What listing the sender's transfers can lead to.
public protocol TransferListUseCaseOutput: StorageFailureOutput {
    /// A page, newest first (possibly empty); `next` is where the following page starts, nil on the last.
    func presentTransfers(_ transfers: [TransferPresentationModel], next: TransferCursor?)
}
