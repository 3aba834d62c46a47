/// `POST /v1/transfers` as the Presenter converted it: formats checked (the amount's syntax only:
/// its decimals depend on the source account), every field still optional so the use case can
/// name each missing one.
public struct TransferCreateRequest: Equatable, Sendable {
    public var fromAccountID: AccountID?
    public var toAccountID: AccountID?
    public var toContactID: ContactID?
    /// Turned into minor units of the source account's currency once that account is known.
    public var amount: DecimalAmount?
    /// Trimmed; empty means none.
    public var memo: String?

    public init(
        fromAccountID: AccountID? = nil, toAccountID: AccountID? = nil, toContactID: ContactID? = nil, amount: DecimalAmount? = nil,
        memo: String? = nil
    ) {
        self.fromAccountID = fromAccountID
        self.toAccountID = toAccountID
        self.toContactID = toContactID
        self.amount = amount
        self.memo = memo
    }
}
