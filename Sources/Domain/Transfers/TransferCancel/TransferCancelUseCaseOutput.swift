/// What cancelling a pending transfer can lead to.
public protocol TransferCancelUseCaseOutput: TransferResolutionOutput {
    /// Cancelled by its sender, as stored.
    func presentCancelled(_ transfer: TransferPresentationModel)
}
