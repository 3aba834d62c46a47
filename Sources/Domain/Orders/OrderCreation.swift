/// What asking storage to place an order came to; storage failures are thrown instead.
public enum OrderCreation: Equatable, Sendable {
    /// Stored as `placed`, with its authorized payment debit when it has a payment.
    case created(Order)
    /// The payment account is missing or someone else's; nothing was stored.
    case paymentAccountNotFound
    /// The payment account holds another currency than the order's; nothing was stored.
    case paymentCurrencyMismatch
    /// The order total is more than the payment account's balance + credit limit; nothing was stored.
    case insufficientFunds
}
