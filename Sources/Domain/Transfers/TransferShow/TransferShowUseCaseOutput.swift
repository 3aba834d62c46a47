/// What showing a transfer can lead to.
public protocol TransferShowUseCaseOutput: StorageFailureOutput {
    /// The owner's transfer, as stored.
    func presentTransfer(_ transfer: TransferPresentationModel)
    /// Missing, or sent by someone else.
    func presentNotFound(_ id: TransferID)
}
