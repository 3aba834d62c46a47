import Domain
import Foundation
import Testing

/// An AccountManager whose every method records an issue and answers an empty value: a test double
/// conforms to it and writes only the methods its test uses, so a method the Manager gains later
/// changes no double (they inherit this one), and a call the test did not expect fails it.
public protocol UnimplementedAccountManager: AccountManager {}

extension UnimplementedAccountManager {
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
    public func amounts(of id: AccountID) throws -> AccountAmounts {
        Issue.record("storage reached: amounts")
        return AccountAmounts(balance: 0, pending: 0)
    }
}

/// Fails the test when any account storage call happens.
public struct UntouchableAccountManager: UnimplementedAccountManager {
    public init() {}
}
