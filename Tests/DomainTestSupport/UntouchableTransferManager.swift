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
    public func incoming(email: String, after cursor: TransferCursor?, limit: Int) throws -> [Transfer] {
        Issue.record("storage reached: transfer incoming")
        return []
    }
    public func fetchIncoming(id: TransferID, email: String) throws -> Transfer? {
        Issue.record("storage reached: transfer fetchIncoming")
        return nil
    }
    public func claim(_ claim: TransferClaim) throws -> TransferResolutionOutcome {
        Issue.record("storage reached: transfer claim")
        return .notFound
    }
    public func cancel(id: TransferID, owner: UserID, at date: Date) throws -> TransferResolutionOutcome {
        Issue.record("storage reached: transfer cancel")
        return .notFound
    }
    public func decline(id: TransferID, email: String, at date: Date) throws -> TransferResolutionOutcome {
        Issue.record("storage reached: transfer decline")
        return .notFound
    }
    public func expire(dueAt date: Date, limit: Int) throws -> Int {
        Issue.record("storage reached: transfer expire")
        return 0
    }
    public func pending(from account: AccountID, createdFrom from: Date, to: Date, limit: Int) throws -> [Transfer] {
        Issue.record("storage reached: transfer pending")
        return []
    }
}

/// Fails the test when any transfer storage call happens.
public struct UntouchableTransferManager: UnimplementedTransferManager {
    public init() {}
}
