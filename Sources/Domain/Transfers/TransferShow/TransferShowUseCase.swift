/// `GET /v1/transfers/{id}`: one transfer the owner sent.
///
/// Outcomes: `presentTransfer(_:)`, `presentNotFound(_:)`, storage failures.
public struct TransferShowUseCase {
    private let transfers: any TransferManager
    private let owner: UserID

    public init(transfers: any TransferManager, owner: UserID) {
        self.transfers = transfers
        self.owner = owner
    }

    public func eventShow(id: TransferID, output: any TransferShowUseCaseOutput) {
        do {
            guard let transfer = try transfers.fetch(id: id, owner: owner) else {
                output.presentNotFound(id)
                return
            }
            output.presentTransfer(TransferPresentationModel(transfer))
        } catch {
            output.presentStorage(error)
        }
    }
}
