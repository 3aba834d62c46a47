import Domain
import DomainTestSupport
import Foundation
import Testing

@Suite("ContactUpdateTransformer")
struct ContactUpdateTransformerTests {
    func changes(_ configure: (inout ContactChanges) -> Void) -> ContactChanges {
        var changes = ContactChanges()
        configure(&changes)
        return changes
    }

    @Test("set, clear and keep apply field by field; the version goes up")
    func applies() throws {
        let manager = InMemoryContactManager([contact("c_1", first: "Charlie", last: "Brown", email: "c@b.com", phone: "555")])
        let spy = ContactOutputSpy()
        ContactUpdateTransformer(contacts: manager, clock: FixedClock()).transform(
            id: ContactID("c_1"), changes: changes { $0.phone = .set("556"); $0.email = .clear }, expectedVersion: 1, owner: alice, output: spy)
        let stored = try #require(manager.all.first)
        #expect(stored.phone == "556")
        #expect(stored.email == nil)
        #expect(stored.firstName == "Charlie")
        #expect(stored.version == 2)
        #expect(stored.updatedAt == FixedClock().instant)
        #expect(spy.events == [.updated(ContactPresentationModel(stored))])
    }

    @Test("a stale If-Match version changes nothing and presents the current contact")
    func stale() {
        let current = contact("c_1", first: "Charlie", last: "Brown", version: 3)
        let manager = InMemoryContactManager([current])
        let spy = ContactOutputSpy()
        ContactUpdateTransformer(contacts: manager, clock: FixedClock()).transform(
            id: ContactID("c_1"), changes: changes { $0.phone = .set("1") }, expectedVersion: 2, owner: alice, output: spy)
        #expect(manager.all == [current])
        #expect(spy.events == [.stale(ContactPresentationModel(current))])
    }

    @Test("clearing both names breaks the rule and changes nothing")
    func nameRule() {
        let current = contact("c_1", first: "Charlie", last: nil)
        let manager = InMemoryContactManager([current])
        let spy = ContactOutputSpy()
        ContactUpdateTransformer(contacts: manager, clock: FixedClock()).transform(
            id: ContactID("c_1"), changes: changes { $0.firstName = .clear }, expectedVersion: nil, owner: alice, output: spy)
        #expect(manager.all == [current])
        #expect(spy.events == [.validationFailures([
            ContactFieldFailure(field: .firstName, rule: .nameRequired), ContactFieldFailure(field: .lastName, rule: .nameRequired),
        ])])
    }

    @Test("another owner's contact is not found and stays as it was")
    func otherOwner() {
        let theirs = contact("c_1", first: "Charlie", last: "Brown", owner: bob)
        let manager = InMemoryContactManager([theirs])
        let spy = ContactOutputSpy()
        ContactUpdateTransformer(contacts: manager, clock: FixedClock()).transform(
            id: ContactID("c_1"), changes: changes { $0.phone = .set("1") }, expectedVersion: nil, owner: alice, output: spy)
        #expect(manager.all == [theirs])
        #expect(spy.events == [.notFound(ContactID("c_1"))])
    }
}
