/// `GET /v1/transfers/incoming`: a page of the money waiting for the signed-in user's verified
/// address, newest first.
///
/// Outcomes: `presentIncoming(_:next:)`, `presentEmailNotVerified()`, storage failures.
public struct IncomingTransferListUseCase {
    private let transfers: any TransferManager
    private let recipient: VerifiedRecipient
    private let owner: UserID

    public init(transfers: any TransferManager, users: any UserManager, owner: UserID) {
        self.transfers = transfers
        recipient = VerifiedRecipient(users: users)
        self.owner = owner
    }

    /// - Parameter limit: 1...100, checked by the Presenter.
    public func eventList(after cursor: TransferCursor?, limit: Int, output: any IncomingTransferListUseCaseOutput) {
        do {
            guard let email = try recipient.email(of: owner) else { return output.presentEmailNotVerified() }
            // One extra row tells whether another page follows without a COUNT.
            let rows = try transfers.incoming(email: email, after: cursor, limit: limit + 1)
            let page = Array(rows.prefix(limit))
            let next = rows.count > limit ? page.last.map { TransferCursor(createdAt: $0.createdAt, id: $0.id) } : nil
            var senders: [UserID: String] = [:]
            let items = try page.map { transfer in
                let name = try senders[transfer.ownerID] ?? recipient.senderName(of: transfer)
                senders[transfer.ownerID] = name
                return IncomingTransferPresentationModel(transfer, senderName: name)
            }
            output.presentIncoming(items, next: next)
        } catch {
            output.presentStorage(error)
        }
    }
}
