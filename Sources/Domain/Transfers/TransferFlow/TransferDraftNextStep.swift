/// The screen the "send money" flow goes to next for a draft: the flow's order, decided once
/// here so that no client re-derives it from `missing`.
public enum TransferDraftNextStep: String, Sendable, CaseIterable {
    /// No recipient yet: asked before the amount, since a recipient the money cannot reach (another
    /// currency, an unreachable contact) is refused at this step, before the user types an amount.
    case recipient
    /// A recipient, no amount yet.
    case amount
    /// Everything submit needs is there: the review screen, then submit.
    case review
}
