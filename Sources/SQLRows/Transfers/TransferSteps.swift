import Domain
import Foundation

/// Executing a transfer: the same steps on both gateways, inside the write transaction each
/// opens. What keeps the funds check and the debit from interleaving with another writer's is
/// the gateway's: SQLite's one writer, or PostgreSQL's row locks, taken first by `lockAccounts`
/// in account-id order (the order every balance-dependent write uses), so two transfers in
/// opposite directions cannot deadlock.
public enum TransferSteps {
    /// One transfer, with `TransferRow.values(of:)`.
    public static let insert = TransferRow.insert
    /// The source's available funds: its stored balance plus the credit limit; no row when the
    /// account is gone. Read inside the write, after the locks, so nobody can move the balance
    /// between this check and the debit.
    public static let available = "SELECT credit_limit + balance FROM accounts WHERE id = ?1"
    /// Deletes at most once: a concurrent consumer of the same draft waits for its turn (or the
    /// row lock), then finds the row gone and deletes nothing.
    public static let consumeDraft = "DELETE FROM transfer_drafts WHERE id = ?1 AND owner_id = ?2 AND expires_at > ?3"
    /// Both accounts of a transfer, locked until the write commits, in id order.
    public static let lockAccounts = "SELECT id FROM accounts WHERE id IN (?1, ?2) ORDER BY id FOR UPDATE"

    /// Checks the funds, consumes the draft if any, writes both legs, the transfer and its
    /// events. A refusal is returned before anything is written. `locksAccounts`: run
    /// `lockAccounts` first (PostgreSQL).
    @inlinable
    public static func execute<Connection: SQLConnection>(
        _ new: NewTransfer, consuming draft: TransferDraftID?, locksAccounts: Bool, on connection: Connection
    ) throws -> TransferOutcome {
        let transfer = new.transfer
        if locksAccounts {
            _ = try connection.rows(lockAccounts, [.text(transfer.fromAccountID.rawValue), .text(transfer.toAccountID.rawValue)]) { _ in () }
        }
        let available = try connection.rows(available, [.text(transfer.fromAccountID.rawValue)]) { $0.int64(at: 0) }.first
        guard let available, transfer.amount.minor <= available else { return .insufficientFunds }
        if let draft {
            let deleted = try connection.run(consumeDraft, [
                .text(draft.rawValue), .text(transfer.ownerID.rawValue), .integer(Milliseconds.from(transfer.createdAt)),
            ])
            guard deleted == 1 else { return .draftNotFound }
        }
        try connection.run(TransactionRow.insert, TransactionRow.values(of: new.debit))
        try connection.run(TransactionRow.insert, TransactionRow.values(of: new.credit))
        try connection.run(insert, TransferRow.values(of: transfer))
        try OutboxSteps.append(new.events, on: connection)
        return .completed(transfer)
    }
}
