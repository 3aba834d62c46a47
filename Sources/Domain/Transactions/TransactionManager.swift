/// The transactions of every account. Callers have already checked that the account is the
/// user's; every call is scoped to one account.
///
/// Methods throw `GatewayError` for storage failures only.
public protocol TransactionManager: Sendable {
    /// Up to `limit` transactions of `account` matching `filter`, newest first: by date, then by
    /// insertion order, both descending; resumed strictly after `cursor`.
    func list(account: AccountID, filter: TransactionFilter, after cursor: TransactionCursor?, limit: Int) throws -> [Transaction]

    /// Opens a banking report's reading of `account` (`owner`'s) transactions dated `from...to`,
    /// one snapshot for all of its pages (see `TransactionReportReader`). Throws
    /// `GatewayError.unavailable` when as many reports are being read as the storage serves at
    /// once, or `owner` already has one being read: each holds a connection while its body is
    /// sent, and one user must not hold them all.
    func reportReader(account: AccountID, owner: UserID, from: CalendarDate, to: CalendarDate) throws -> any TransactionReportReader

    /// Stores every transaction, in order (their sequences follow the array), or none of them;
    /// calls `progress` with the count stored so far every few thousand rows and at the end.
    /// `progress` may run while the write is open: it must not touch storage.
    func insert(_ transactions: [Transaction], progress: (_ stored: Int) -> Void) throws

    /// The transaction with this id on one of the owner's accounts; nil when there is none or the account is someone else's.
    func fetch(id: TransactionID, owner: UserID) throws -> Transaction?
}
