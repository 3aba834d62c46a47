import Domain

/// The rows a write will lock, declared before it runs: where writers run side by side
/// (PostgreSQL), a group of such writes sharing one transaction locks the union of its members'
/// rows first, in the one order every write uses (accounts by id in byte order, then users by
/// id), so two groups, or a group and a write alone, never wait on each other in a cycle.
public struct RowLocks: Sendable, Equatable {
    /// `accounts` rows, any order, duplicates allowed.
    public var accounts: [AccountID]
    /// `users` rows (a quota's owner, an outbox's user), any order, duplicates allowed.
    public var users: [UserID]

    public init(accounts: [AccountID] = [], users: [UserID] = []) {
        self.accounts = accounts
        self.users = users
    }

    /// Both lists merged with `other`'s.
    public func union(_ other: RowLocks) -> RowLocks {
        RowLocks(accounts: accounts + other.accounts, users: users + other.users)
    }

    /// The accounts once each, in the order they are locked: byte order of their ids, as
    /// `AccountLocks` and `accounts.id COLLATE "C"` sort them.
    public var orderedAccounts: [AccountID] {
        Set(accounts.map(\.rawValue)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map(AccountID.init)
    }

    /// The users once each, in the order they are locked: the order `OutboxSteps` appends in.
    public var orderedUsers: [UserID] {
        Set(users.map(\.rawValue)).sorted().map(UserID.init)
    }
}
