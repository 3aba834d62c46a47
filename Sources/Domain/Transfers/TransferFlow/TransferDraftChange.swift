/// One step of the flow as the Presenter converted it: exactly one thing to set.
public enum TransferDraftChange: Equatable, Sendable {
    /// In minor units of the draft's currency; nil when the body named the field without a value.
    case amount(Int64?)
    /// Exactly one of the two is expected.
    case recipient(toAccountID: AccountID?, toContactID: ContactID?)
    /// Trimmed; nil or empty clears it.
    case memo(String?)
}
