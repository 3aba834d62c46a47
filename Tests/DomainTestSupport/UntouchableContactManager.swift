import Domain
import Foundation
import Testing

/// A ContactManager whose every method records an issue and answers an empty value: a test double
/// conforms to it and writes only the methods its test uses, so a method the Manager gains later
/// changes no double (they inherit this one), and a call the test did not expect fails it.
public protocol UnimplementedContactManager: ContactManager {}

extension UnimplementedContactManager {
    public func list(owner: UserID, matching query: String?, after cursor: ContactCursor?, limit: Int) throws -> [ContactSummary] {
        Issue.record("storage reached: list")
        return []
    }
    public func fetch(id: ContactID, owner: UserID) throws -> Contact? {
        Issue.record("storage reached: fetch")
        return nil
    }
    public func insert(_ contact: Contact) throws { Issue.record("storage reached: insert") }
    public func update(_ contact: Contact, expectedVersion: Int) throws -> Bool {
        Issue.record("storage reached: update")
        return false
    }
    public func delete(id: ContactID, owner: UserID, at date: Date) throws -> Bool {
        Issue.record("storage reached: delete")
        return false
    }
}

/// A ContactManager that fails the test when touched: input refused before the Domain must
/// never reach storage.
public struct UntouchableContactManager: UnimplementedContactManager {
    public init() {}
}
