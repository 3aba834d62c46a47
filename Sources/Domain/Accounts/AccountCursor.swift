import Foundation

/// Where a position in the owner's accounts (oldest first) is: the last account a page ended with.
public struct AccountCursor: Equatable, Sendable {
    public var createdAt: Date
    public var id: AccountID

    public init(createdAt: Date, id: AccountID) {
        self.createdAt = createdAt
        self.id = id
    }
}
