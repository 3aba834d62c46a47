/// The accounts of every user; each call but the operator's `fetch(id:)` is scoped to one owner.
///
/// Methods throw `GatewayError` for storage failures only; "not found" is an ordinary result.
public protocol AccountManager: Sendable {
    /// Up to `limit` accounts of `owner` after `cursor`, oldest first (`(createdAt, id)`).
    func list(owner: UserID, after cursor: AccountCursor?, limit: Int) throws -> [Account]

    /// The account, or nil when it does not exist or belongs to someone else.
    func fetch(id: AccountID, owner: UserID) throws -> Account?

    /// The account whoever owns it: for operator tools (the import), never for a request.
    func fetch(id: AccountID) throws -> Account?

    /// Stores a new account.
    func insert(_ account: Account) throws

    /// Credits − debits over every authorized and posted transaction, in minor units.
    func balance(of id: AccountID) throws -> Int64

    /// The balance and what pending transfers hold on the account, read together.
    func amounts(of id: AccountID) throws -> AccountAmounts
}

/// An account's stored amounts, in minor units of its currency.
public struct AccountAmounts: Equatable, Sendable {
    /// Credits − debits over every authorized and posted transaction.
    public var balance: Int64
    /// What the account's pending transfers reserve: spent from `available`, not yet from `balance`.
    public var pending: Int64

    public init(balance: Int64, pending: Int64) {
        self.balance = balance
        self.pending = pending
    }
}
