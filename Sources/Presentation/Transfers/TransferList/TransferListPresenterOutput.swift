/// What the transfer history Responder must be able to show.
public protocol TransferListPresenterOutput: ProblemPresenterOutput {
    /// A page of the user's transfers.
    func showTransfers(_ list: TransferListViewModel)
}
