import Domain
import Foundation
import Testing

/// A TransferManager whose every method records an issue and answers an empty value: a test double
/// conforms to it and writes only the methods its test uses, so a method the Manager gains later
/// changes no double (they inherit this one), and a call the test did not expect fails it.
public protocol UnimplementedTransferManager: TransferManager {}

extension UnimplementedTransferManager {
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

/// Fails the test when any transfer storage call happens.
public struct UntouchableTransferManager: UnimplementedTransferManager {
    public init() {}
}
