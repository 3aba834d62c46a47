import Foundation

/// The contacts of every user; each call is scoped to one owner.
///
/// Methods throw `GatewayError` for storage failures only; "not found" and "changed meanwhile"
/// are ordinary results, so use cases can present them.
public protocol ContactManager: Sendable {
    /// Up to `limit` contacts of `owner` after `cursor`, ordered by `(sortName, id)`, as their
    /// summaries; `query` matches a substring of the name, email or phone, case-insensitively.
    func list(owner: UserID, matching query: String?, after cursor: ContactCursor?, limit: Int) throws -> [ContactSummary]

    /// The contact, or nil when it does not exist or belongs to someone else.
    func fetch(id: ContactID, owner: UserID) throws -> Contact?

    /// Stores a new contact.
    func insert(_ contact: Contact) throws

    /// Stores `contact` if its stored version is still `expectedVersion`; false otherwise
    /// (or when it is missing or not `contact.ownerID`'s).
    func update(_ contact: Contact, expectedVersion: Int) throws -> Bool

    /// Deletes the contact, as of `date` (its event's time); false when there was no such
    /// contact of `owner`.
    func delete(id: ContactID, owner: UserID, at date: Date) throws -> Bool
}
