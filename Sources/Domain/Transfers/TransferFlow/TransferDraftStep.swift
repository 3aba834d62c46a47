/// A step of the flow that submit needs and a draft may still miss (the memo is optional).
public enum TransferDraftStep: String, Sendable, CaseIterable {
    case amount
    case recipient
}
