import Domain
import Foundation
import Testing

/// A TransferDraftManager whose every method records an issue and answers an empty value: a test double
/// conforms to it and writes only the methods its test uses, so a method the Manager gains later
/// changes no double (they inherit this one), and a call the test did not expect fails it.
public protocol UnimplementedTransferDraftManager: TransferDraftManager {}

extension UnimplementedTransferDraftManager {
    public func insert(_ draft: TransferDraftState) throws { Issue.record("storage reached: draft insert") }
    public func fetch(id: TransferDraftID, owner: UserID, at date: Date) throws -> TransferDraftState? {
        Issue.record("storage reached: draft fetch")
        return nil
    }
    public func update(_ draft: TransferDraftState, at date: Date) throws -> Bool {
        Issue.record("storage reached: draft update")
        return false
    }
    public func purge(expiredAt date: Date, limit: Int) throws -> Int {
        Issue.record("storage reached: draft purge")
        return 0
    }
    public func delete(id: TransferDraftID, owner: UserID) throws -> Bool {
        Issue.record("storage reached: draft delete")
        return false
    }
}

/// Fails the test when any transfer draft storage call happens.
public struct UntouchableTransferDraftManager: UnimplementedTransferDraftManager {
    public init() {}
}
