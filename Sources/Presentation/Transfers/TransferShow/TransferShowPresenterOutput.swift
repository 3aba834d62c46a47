/// What the transfer Responder must be able to show.
public protocol TransferShowPresenterOutput: ProblemPresenterOutput, NotFoundPresenterOutput {
    /// The transfer.
    func showTransfer(_ transfer: TransferViewModel)
}
