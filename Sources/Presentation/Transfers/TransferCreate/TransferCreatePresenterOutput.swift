/// What the transfer-sending Responder must be able to show.
public protocol TransferCreatePresenterOutput: ProblemPresenterOutput, ValidationPresenterOutput, NotFoundPresenterOutput,
    InternalInconsistencyPresenterOutput
{
    func showCreated(_ transfer: TransferViewModel)
}
