import Foundation

/// The answers every scene that resolves a pending transfer shares.
public protocol TransferResolutionOutput: StorageFailureOutput {
    /// No such transfer for this party (missing, another sender's, or money for another address).
    func presentNotFound(_ id: TransferID)
    /// It left pending before this request: `status` and `cancelledBy` say how.
    func presentAlreadyResolved(_ status: TransferStatus, cancelledBy: TransferParty?)
}

/// The recipient's scenes also need the signed-in user's address proven.
public protocol IncomingTransferOutput: TransferResolutionOutput {
    /// The signed-in user has not verified their address: no money sent to it is theirs yet.
    func presentEmailNotVerified()
}

/// The signed-in user's verified address, which pending money is bound to; shared by the
/// recipient's scenes.
struct VerifiedRecipient {
    let users: any UserManager

    /// The user's address when they verified it, nil when they have not (or are gone).
    func email(of user: UserID) throws -> String? {
        guard let user = try users.fetch(id: user), user.isEmailVerified else { return nil }
        return user.email
    }

    /// The sender's name as their account carries it now, for the recipient to see.
    func senderName(of transfer: Transfer) throws -> String {
        try users.fetch(id: transfer.ownerID)?.name ?? ""
    }

    /// Presents how `outcome` ended, the resolved transfer by `resolved`.
    static func present(_ outcome: TransferResolutionOutcome, id: TransferID, to output: any TransferResolutionOutput, resolved: (Transfer) throws -> Void) rethrows {
        switch outcome {
        case .resolved(let transfer): try resolved(transfer)
        case .notFound: output.presentNotFound(id)
        case .alreadyResolved(let transfer): output.presentAlreadyResolved(transfer.status, cancelledBy: transfer.cancelledBy)
        }
    }
}
