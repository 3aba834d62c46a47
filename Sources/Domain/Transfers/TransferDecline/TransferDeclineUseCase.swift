/// `POST /v1/transfers/{id}/decline`: the verified owner of the address refuses money sent to
/// it; the reservation is released to the sender.
///
/// Outcomes: `presentDeclined(_:)`, `presentEmailNotVerified()`, `presentNotFound(_:)`,
/// `presentAlreadyResolved(_:cancelledBy:)`, storage failures.
public struct TransferDeclineUseCase {
    private let transfers: any TransferManager
    private let recipient: VerifiedRecipient
    private let owner: UserID
    private let clock: any Clock

    public init(transfers: any TransferManager, users: any UserManager, owner: UserID, clock: any Clock) {
        self.transfers = transfers
        recipient = VerifiedRecipient(users: users)
        self.owner = owner
        self.clock = clock
    }

    public func eventDecline(id: TransferID, output: any TransferDeclineUseCaseOutput) {
        do {
            guard let email = try recipient.email(of: owner) else { return output.presentEmailNotVerified() }
            try VerifiedRecipient.present(try transfers.decline(id: id, email: email, at: clock.now()), id: id, to: output) {
                output.presentDeclined(IncomingTransferPresentationModel($0, senderName: try recipient.senderName(of: $0)))
            }
        } catch {
            output.presentStorage(error)
        }
    }
}
