import Domain
import Foundation
import Testing

/// Fails the test when any transfer storage call happens.
public struct UntouchableTransferManager: TransferManager {
    public init() {}

    public func execute(_ transfer: NewTransfer, consuming draft: TransferDraftID?) throws -> TransferOutcome {
        Issue.record("storage reached: transfer execute")
        return .insufficientFunds
    }
    public func fetch(id: TransferID, owner: UserID) throws -> Transfer? {
        Issue.record("storage reached: transfer fetch")
        return nil
    }
    public func list(owner: UserID, after cursor: TransferCursor?, limit: Int) throws -> [Transfer] {
        Issue.record("storage reached: transfer list")
        return []
    }
}
