/// One step of the flow as the Presenter converted it: exactly one thing to set.
public enum TransferDraftChange: Equatable, Sendable {
    /// Checked against the draft's currency by the step; nil when the body named the field without a value.
    case amount(DecimalAmount?)
    /// Exactly one of the two is expected.
    case recipient(toAccountID: AccountID?, toContactID: ContactID?)
    /// Trimmed; nil or empty clears it.
    case memo(String?)
}
