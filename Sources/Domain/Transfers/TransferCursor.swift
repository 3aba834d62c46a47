import Foundation

/// Where a position in the sender's history (newest first) is: the last transfer a page ended with.
public struct TransferCursor: Equatable, Sendable {
    public var createdAt: Date
    public var id: TransferID

    public init(createdAt: Date, id: TransferID) {
        self.createdAt = createdAt
        self.id = id
    }
}
