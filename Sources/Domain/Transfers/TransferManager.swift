import Foundation

/// The transfers of every sender; reads are scoped to one owner.
///
/// Methods throw `GatewayError` for storage failures only; refusals are ordinary outcomes.
public protocol TransferManager: Sendable {
    /// In one write transaction: re-reads the source's available funds (credits − debits over
    /// authorized and posted transactions, plus the credit limit), refuses when the amount is
    /// more, else stores the transfer with its posted debit and credit; when `draft` is given,
    /// deletes that draft of the sender in the same transaction, refusing when it is gone or
    /// expired at `transfer.createdAt`. Both legs or neither, always.
    func execute(_ transfer: NewTransfer, consuming draft: TransferDraftID?) throws -> TransferOutcome

    /// The transfer, or nil when it does not exist or someone else sent it.
    func fetch(id: TransferID, owner: UserID) throws -> Transfer?

    /// Up to `limit` transfers `owner` sent, newest first (`(createdAt, id)` descending), strictly
    /// after `cursor`.
    func list(owner: UserID, after cursor: TransferCursor?, limit: Int) throws -> [Transfer]
}

extension TransferManager {
    /// A one-step transfer, consuming no draft.
    public func execute(_ transfer: NewTransfer) throws -> TransferOutcome {
        try execute(transfer, consuming: nil)
    }
}
