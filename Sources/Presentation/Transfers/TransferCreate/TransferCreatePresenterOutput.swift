/// What the transfer-sending Responder must be able to show.
public protocol TransferCreatePresenterOutput: ProblemPresenterOutput, ValidationPresenterOutput, NotFoundPresenterOutput,
    InternalInconsistencyPresenterOutput
{
    /// The completed transfer (201).
    func showCreated(_ transfer: TransferViewModel)
}
