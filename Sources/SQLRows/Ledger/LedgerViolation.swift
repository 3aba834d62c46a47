import Domain

/// One way the stored ledger breaks a rule of `LedgerVerifier`, naming the record to look at.
public struct LedgerViolation: Equatable, Sendable, CustomStringConvertible {
    /// The record at fault: what an operator looks up first.
    public enum Subject: Hashable, Sendable, CustomStringConvertible {
        /// An account whose stored figures disagree with its rows.
        case account(AccountID)
        /// A transfer resolved wrongly, or whose legs are not its own.
        case transfer(TransferID)
        /// The whole ledger, where no single row is at fault (the totals).
        case ledger

        /// `account a_…`, `transfer t_…`, `ledger`.
        public var description: String {
            switch self {
            case .account(let id): "account \(id.rawValue)"
            case .transfer(let id): "transfer \(id.rawValue)"
            case .ledger: "ledger"
            }
        }
    }

    /// The record at fault.
    public var subject: Subject
    /// What is wrong with it, with the stored and the expected values.
    public var detail: String

    /// A violation of `subject`, told by `detail`.
    public init(_ subject: Subject, _ detail: String) {
        self.subject = subject
        self.detail = detail
    }

    /// `transfer t_1: completed without a credit leg`.
    public var description: String { "\(subject): \(detail)" }
}
