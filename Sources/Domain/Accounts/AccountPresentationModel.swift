import Foundation

/// An account as use cases report it: amounts as `Money`, unformatted.
public struct AccountPresentationModel: Equatable, Sendable {
    public let id: AccountID
    public let name: String
    public let currency: Currency
    /// Credits − debits over authorized and posted transactions.
    public let balance: Money
    /// `balance + creditLimit`: what a debit may still take.
    public let available: Money
    public let creditLimit: Money
    public let createdAt: Date

    /// Throws `MoneyError.overflow` when `available` does not fit in minor units.
    public init(_ account: Account, balance: Int64) throws(MoneyError) {
        id = account.id
        name = account.name
        currency = account.currency
        self.balance = Money(minor: balance, currency: account.currency)
        creditLimit = Money(minor: account.creditLimit, currency: account.currency)
        available = try self.balance.adding(creditLimit)
        createdAt = account.createdAt
    }
}
