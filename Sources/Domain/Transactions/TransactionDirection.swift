/// Which way a transaction moves money: a debit takes it out of the account, a credit puts it in.
public enum TransactionDirection: String, Sendable, CaseIterable {
    case debit
    case credit
}
