/// What executing a transfer came to; storage failures are thrown instead.
public enum TransferOutcome: Equatable, Sendable {
    /// Stored with both legs.
    case completed(Transfer)
    /// The amount is more than the source's balance + credit limit at the time of the write;
    /// nothing was stored.
    case insufficientFunds
    /// The draft to consume was gone (already submitted, deleted or expired); nothing was stored.
    case draftNotFound
}
