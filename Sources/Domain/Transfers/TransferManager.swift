import Foundation

/// The transfers of every sender; reads are scoped to one owner, or to the verified address
/// pending money was sent to.
///
/// Methods throw `GatewayError` for storage failures only; refusals are ordinary outcomes.
public protocol TransferManager: Sendable {
    /// In one write transaction: re-reads the source's available funds (balance + credit limit −
    /// what its pending transfers hold), refuses when the amount is more, else stores the
    /// transfer: a completed one with its posted debit and credit, a pending one with its
    /// reservation and its mail (refused with `GatewayError.quotaExceeded` when the sender
    /// already has as many pending as allowed). When `draft` is given, deletes that draft of the
    /// sender in the same transaction, refusing when it is gone or expired at
    /// `transfer.createdAt`. Both legs or neither, always.
    func execute(_ transfer: NewTransfer, consuming draft: TransferDraftID?) throws -> TransferOutcome

    /// The transfer, or nil when it does not exist or someone else sent it.
    func fetch(id: TransferID, owner: UserID) throws -> Transfer?

    /// Up to `limit` transfers `owner` sent, newest first (`(createdAt, id)` descending), strictly
    /// after `cursor`.
    func list(owner: UserID, after cursor: TransferCursor?, limit: Int) throws -> [Transfer]

    /// Up to `limit` pending transfers sent to `email`, newest first, strictly after `cursor`.
    func incoming(email: String, after cursor: TransferCursor?, limit: Int) throws -> [Transfer]

    /// The transfer sent to `email`, whatever its status, or nil when there is none by that id
    /// for that address.
    func fetchIncoming(id: TransferID, email: String) throws -> Transfer?

    /// In one write transaction, if the transfer is still pending, bound to `claim.email` and not
    /// past its end: writes both legs, completes it (releasing the reservation) and appends the
    /// sender's and the claimant's events.
    func claim(_ claim: TransferClaim) throws -> TransferResolutionOutcome

    /// Cancels `owner`'s pending transfer at `date` (`cancelledBy: sender`).
    func cancel(id: TransferID, owner: UserID, at date: Date) throws -> TransferResolutionOutcome

    /// Declines the pending transfer sent to `email` at `date` (`cancelledBy: recipient`).
    func decline(id: TransferID, email: String, at date: Date) throws -> TransferResolutionOutcome

    /// Expires up to `limit` pending transfers whose end is at or before `date`, each with its
    /// sender's event; returns how many. Never one whose end is later.
    func expire(dueAt date: Date, limit: Int) throws -> Int

    /// The pending transfers from `account`, created in `[from, to)`, oldest first, at most
    /// `limit`.
    func pending(from account: AccountID, createdFrom from: Date, to: Date, limit: Int) throws -> [Transfer]
}

extension TransferManager {
    /// A one-step transfer, consuming no draft.
    public func execute(_ transfer: NewTransfer) throws -> TransferOutcome {
        try execute(transfer, consuming: nil)
    }
}
