import Domain
import Foundation
import Testing

/// Fails the test when any account storage call happens.
public struct UntouchableAccountManager: AccountManager {
    public init() {}

    public func list(owner: UserID, after cursor: AccountCursor?, limit: Int) throws -> [Account] {
        Issue.record("storage reached: account list")
        return []
    }
    public func fetch(id: AccountID, owner: UserID) throws -> Account? {
        Issue.record("storage reached: account fetch")
        return nil
    }
    public func fetch(id: AccountID) throws -> Account? {
        Issue.record("storage reached: account fetch")
        return nil
    }
    public func insert(_ account: Account) throws { Issue.record("storage reached: account insert") }
    public func balance(of id: AccountID) throws -> Int64 {
        Issue.record("storage reached: balance")
        return 0
    }
}
