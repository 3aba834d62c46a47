/// What the transfer-sending Responder must be able to show.
public protocol TransferCreatePresenterOutput: ProblemPresenterOutput, ValidationPresenterOutput, NotFoundPresenterOutput {
    func showCreated(_ transfer: TransferViewModel)
}
