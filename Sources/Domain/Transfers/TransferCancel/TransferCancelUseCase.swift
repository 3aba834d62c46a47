import Foundation

/// `POST /v1/transfers/{id}/cancel`: the sender takes back money that still waits for its
/// recipient; the reservation is released.
///
/// Outcomes: `presentCancelled(_:)`, `presentNotFound(_:)`, `presentAlreadyResolved(_:cancelledBy:)`,
/// storage failures.
public struct TransferCancelUseCase {
    private let transfers: any TransferManager
    private let owner: UserID
    private let clock: any Clock

    public init(transfers: any TransferManager, owner: UserID, clock: any Clock) {
        self.transfers = transfers
        self.owner = owner
        self.clock = clock
    }

    public func eventCancel(id: TransferID, output: any TransferCancelUseCaseOutput) {
        do {
            VerifiedRecipient.present(try transfers.cancel(id: id, owner: owner, at: clock.now()), id: id, to: output) {
                output.presentCancelled(TransferPresentationModel($0))
            }
        } catch {
            output.presentStorage(error)
        }
    }
}
