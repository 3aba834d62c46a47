import Foundation

/// A user's money account in one currency; its balance is derived from its transactions.
public struct Account: Equatable, Sendable {
    public var id: AccountID
    public var ownerID: UserID
    public var name: String
    public var currency: Currency
    /// How far below zero the balance may go, in minor units of `currency`; never negative.
    public var creditLimit: Int64
    public var createdAt: Date

    public init(id: AccountID, ownerID: UserID, name: String, currency: Currency, creditLimit: Int64 = 0, createdAt: Date) {
        self.id = id
        self.ownerID = ownerID
        self.name = name
        self.currency = currency
        self.creditLimit = creditLimit
        self.createdAt = createdAt
    }
}
