/// What the transfer history Responder must be able to show.
public protocol TransferListPresenterOutput: ProblemPresenterOutput {
    func showTransfers(_ list: TransferListViewModel)
}
