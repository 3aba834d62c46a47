import Domain
import DomainTestSupport
import Testing

@Suite("ContactDeleteTransformer")
struct ContactDeleteTransformerTests {
    @Test("deleting an owned contact removes it; a second delete is not found")
    func deletes() {
        let manager = InMemoryContactManager([contact("c_1", first: "Charlie", last: "Brown")])
        let spy = ContactOutputSpy()
        let transformer = ContactDeleteTransformer(contacts: manager, clock: FixedClock())
        transformer.transform(id: ContactID("c_1"), owner: alice, output: spy)
        transformer.transform(id: ContactID("c_1"), owner: alice, output: spy)
        #expect(manager.all.isEmpty)
        #expect(spy.events == [.deleted, .notFound(ContactID("c_1"))])
    }

    @Test("another owner's contact cannot be deleted")
    func otherOwner() {
        let manager = InMemoryContactManager([contact("c_1", first: "Charlie", last: "Brown", owner: bob)])
        let spy = ContactOutputSpy()
        ContactDeleteTransformer(contacts: manager, clock: FixedClock()).transform(id: ContactID("c_1"), owner: alice, output: spy)
        #expect(manager.all.count == 1)
        #expect(spy.events == [.notFound(ContactID("c_1"))])
    }
}
