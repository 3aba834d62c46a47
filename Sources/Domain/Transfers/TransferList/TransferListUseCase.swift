/// `GET /v1/transfers`: a page of the transfers the owner sent, newest first.
///
/// Outcomes: `presentTransfers(_:next:)`, storage failures.
public struct TransferListUseCase {
    private let transfers: any TransferManager
    private let owner: UserID

    public init(transfers: any TransferManager, owner: UserID) {
        self.transfers = transfers
        self.owner = owner
    }

    /// - Parameter limit: 1...100, checked by the Presenter.
    public func eventList(after cursor: TransferCursor?, limit: Int, output: any TransferListUseCaseOutput) {
        do {
            // One extra row tells whether another page follows without a COUNT.
            let rows = try transfers.list(owner: owner, after: cursor, limit: limit + 1)
            let page = Array(rows.prefix(limit))
            let next = rows.count > limit ? page.last.map { TransferCursor(createdAt: $0.createdAt, id: $0.id) } : nil
            output.presentTransfers(page.map(TransferPresentationModel.init), next: next)
        } catch {
            output.presentStorage(error)
        }
    }
}
