import Domain
import DomainTestSupport
import Foundation
import Synchronization
import Testing

@Suite("ContactCreateTransformer")
struct ContactCreateTransformerTests {
    @Test("a contact with a name is stored with a new id, the clock's time and version 1")
    func creates() throws {
        let manager = InMemoryContactManager()
        let spy = ContactOutputSpy()
        let clock = FixedClock()
        ContactCreateTransformer(contacts: manager, clock: clock, ids: SequentialIDGenerator())
            .transform(ContactFields(firstName: "Charlie", lastName: "Brown", email: "charlie@example.com"), owner: alice, output: spy)
        let stored = try #require(manager.all.first)
        #expect(stored.id == ContactID("c_1"))
        #expect(stored.ownerID == alice)
        #expect(stored.createdAt == clock.instant)
        #expect(stored.version == 1)
        #expect(spy.events == [.created(ContactPresentationModel(stored))])
    }

    @Test("without first or last name nothing is stored and both fields are reported")
    func nameRequired() {
        let manager = InMemoryContactManager()
        let spy = ContactOutputSpy()
        ContactCreateTransformer(contacts: manager, clock: FixedClock(), ids: SequentialIDGenerator())
            .transform(ContactFields(email: "nobody"), owner: alice, output: spy)
        #expect(manager.all.isEmpty)
        #expect(spy.events == [.validationFailures([
            ContactFieldFailure(field: .firstName, rule: .nameRequired),
            ContactFieldFailure(field: .lastName, rule: .nameRequired),
            ContactFieldFailure(field: .email, rule: .invalidEmail),
        ])])
    }

    @Test("a storage failure on insert is reported, not thrown")
    func storageFailure() {
        let manager = InMemoryContactManager()
        manager.failure.withLock { $0 = .failure("disk full") }
        let spy = ContactOutputSpy()
        ContactCreateTransformer(contacts: manager, clock: FixedClock(), ids: SequentialIDGenerator())
            .transform(ContactFields(lastName: "Brown"), owner: alice, output: spy)
        #expect(spy.events == [.storageFailure])
    }

    @Test("plausible and implausible emails", arguments: [
        ("a@b.co", true), ("first.last+tag@example.co.uk", true), ("no-at-sign", false), ("a@b", false),
        ("a@@b.com", false), ("a b@c.com", false), ("@b.com", false), ("a@-b.com", false),
        ("a@\u{301}example.com", true), ("a\u{600} b@example.com", false), ("a@b.\u{301}c", true), ("é@example.com", true),
    ])
    func emails(email: String, plausible: Bool) {
        #expect(EmailRule.isPlausible(email) == plausible)
    }
}
