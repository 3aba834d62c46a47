/// Where a card transaction stands at the processor.
public enum TransactionGroup: String, Sendable, CaseIterable {
    /// Approved but not settled yet; may still change or be voided.
    case authorized
    /// Settled.
    case posted
}
