/// `POST /v1/transfers` as the Presenter converted it: formats checked (the amount parsed for the
/// source account's currency), every field still optional so the use case can name each missing one.
public struct TransferCreateRequest: Equatable, Sendable {
    public var fromAccountID: AccountID?
    public var toAccountID: AccountID?
    public var toContactID: ContactID?
    /// In minor units of the source account's currency.
    public var amountMinor: Int64?
    /// Trimmed; empty means none.
    public var memo: String?

    public init(
        fromAccountID: AccountID? = nil, toAccountID: AccountID? = nil, toContactID: ContactID? = nil, amountMinor: Int64? = nil,
        memo: String? = nil
    ) {
        self.fromAccountID = fromAccountID
        self.toAccountID = toAccountID
        self.toContactID = toContactID
        self.amountMinor = amountMinor
        self.memo = memo
    }
}
