/// What declining incoming money can lead to.
public protocol TransferDeclineUseCaseOutput: IncomingTransferOutput {
    /// Declined: released to the sender, as stored.
    func presentDeclined(_ transfer: IncomingTransferPresentationModel)
}
