import Domain
import DomainTestSupport
import Foundation
import Synchronization

/// A ContactManager in memory, with the SQLite one's ordering and scoping rules.
final class InMemoryContactManager: UnimplementedContactManager {
    private let contacts = Mutex<[ContactID: Contact]>([:])
    /// When set, every call throws it (storage failure paths).
    let failure = Mutex<GatewayError?>(nil)

    init(_ initial: [Contact] = []) {
        contacts.withLock { stored in for contact in initial { stored[contact.id] = contact } }
    }

    var all: [Contact] { contacts.withLock { Array($0.values) } }

    private func check() throws {
        if let error = failure.withLock({ $0 }) { throw error }
    }

    func list(owner: UserID, matching query: String?, after cursor: ContactCursor?, limit: Int) throws -> [ContactSummary] {
        try check()
        let needle = query?.lowercased()
        return contacts.withLock { stored in
            stored.values
                .filter { $0.ownerID == owner }
                .filter { contact in
                    guard let needle else { return true }
                    return [contact.firstName, contact.lastName, contact.email, contact.phone]
                        .compactMap { $0?.lowercased() }.contains { $0.contains(needle) }
                }
                .sorted { ($0.sortName, $0.id.rawValue) < ($1.sortName, $1.id.rawValue) }
                .filter { contact in
                    guard let cursor else { return true }
                    return (contact.sortName, contact.id.rawValue) > (cursor.sortName, cursor.id.rawValue)
                }
                .prefix(limit)
                .map(ContactSummary.init)
        }
    }

    func fetch(id: ContactID, owner: UserID) throws -> Contact? {
        try check()
        return contacts.withLock { stored in stored[id].flatMap { $0.ownerID == owner ? $0 : nil } }
    }

    func insert(_ contact: Contact) throws {
        try check()
        try contacts.withLock { stored in
            if stored[contact.id] != nil { throw GatewayError.conflict("duplicate id") }
            stored[contact.id] = contact
        }
    }

    func update(_ contact: Contact, expectedVersion: Int) throws -> Bool {
        try check()
        return contacts.withLock { stored in
            guard let current = stored[contact.id], current.ownerID == contact.ownerID, current.version == expectedVersion else {
                return false
            }
            stored[contact.id] = contact
            return true
        }
    }

    func delete(id: ContactID, owner: UserID, at date: Date) throws -> Bool {
        try check()
        return contacts.withLock { stored in
            guard stored[id]?.ownerID == owner else { return false }
            stored[id] = nil
            return true
        }
    }
}
