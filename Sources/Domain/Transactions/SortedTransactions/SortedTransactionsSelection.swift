/// Which transactions the existing report clients ask for (`/api/sortedTransactions/{selection}`).
public enum SortedTransactionsSelection: String, Sendable, CaseIterable {
    case authorized
    case posted
    /// Authorized first, then posted.
    case all

    /// The groups, in the order the clients expect them.
    public var groups: [TransactionGroup] {
        switch self {
        case .authorized: [.authorized]
        case .posted: [.posted]
        case .all: [.authorized, .posted]
        }
    }
}
