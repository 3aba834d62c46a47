/// One step of the flow as the Presenter converted it: exactly one thing to set.
public enum TransferDraftChange: Equatable, Sendable {
    /// Checked against the draft's currency by the step; nil (the field named without a value) clears it.
    case amount(DecimalAmount?)
    /// Exactly one of the two is expected; neither clears the recipient.
    case recipient(toAccountID: AccountID?, toContactID: ContactID?)
    /// Trimmed; nil or empty clears it.
    case memo(String?)
}
