import Foundation

/// An account as use cases report it: amounts as `Money`, unformatted.
public struct AccountPresentationModel: Equatable, Sendable {
    public let id: AccountID
    public let name: String
    public let currency: Currency
    /// Credits − debits over authorized and posted transactions.
    public let balance: Money
    /// What pending transfers from the account reserve.
    public let pending: Money
    /// `balance + creditLimit − pending`: what a debit may still take.
    public let available: Money
    public let creditLimit: Money
    public let createdAt: Date

    /// Throws `MoneyError.overflow` when `available` does not fit in minor units.
    public init(_ account: Account, amounts: AccountAmounts) throws(MoneyError) {
        id = account.id
        name = account.name
        currency = account.currency
        balance = Money(minor: amounts.balance, currency: account.currency)
        pending = Money(minor: amounts.pending, currency: account.currency)
        creditLimit = Money(minor: account.creditLimit, currency: account.currency)
        available = try balance.adding(creditLimit).subtracting(pending)
        createdAt = account.createdAt
    }
}
