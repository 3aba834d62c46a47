import Foundation

/// The drafts of the "send money" flow; every call is scoped to one owner, and a draft past its
/// `expiresAt` is as good as missing.
///
/// Methods throw `GatewayError` for storage failures only. Submitting removes a draft through
/// `TransferManager.execute(_:consuming:)`, in the transfer's own write transaction.
public protocol TransferDraftManager: Sendable {
    /// Stores a new draft.
    func insert(_ draft: TransferDraftState) throws

    /// The draft, or nil when it does not exist, belongs to someone else or has expired at `date`.
    func fetch(id: TransferDraftID, owner: UserID, at date: Date) throws -> TransferDraftState?

    /// Stores `draft`'s steps with its version bumped when the stored one is still at
    /// `draft.version` and alive at `date`; false (nothing changed) otherwise.
    func update(_ draft: TransferDraftState, at date: Date) throws -> Bool

    /// False when there was nothing of `owner` to delete.
    func delete(id: TransferDraftID, owner: UserID) throws -> Bool

    /// Deletes at most `limit` drafts expired at `date` (whatever their owner) and returns how
    /// many; an expired draft is already as good as missing. A bounded batch keeps each delete a
    /// short write; the caller repeats while batches fill.
    func purge(expiredAt date: Date, limit: Int) throws -> Int
}
