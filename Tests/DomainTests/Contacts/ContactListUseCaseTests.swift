import Domain
import Synchronization
import Testing

@Suite("ContactListUseCase")
struct ContactListUseCaseTests {
    @Test("empty contact list presents the no-contacts event")
    func empty() {
        let spy = ContactOutputSpy()
        ContactListUseCase(contacts: InMemoryContactManager(), owner: alice).eventList(query: nil, after: nil, limit: 20, output: spy)
        #expect(spy.events == [.noContacts])
    }

    @Test("a page is sorted by last then first name, with a cursor when more follow")
    func firstPage() {
        let manager = InMemoryContactManager([
            contact("c_3", first: "Lucy", last: "van Pelt"), contact("c_1", first: "Charlie", last: "Brown"),
            contact("c_2", first: "Sally", last: "Brown"), contact("c_9", first: "Snoopy", last: nil, owner: bob),
        ])
        let spy = ContactOutputSpy()
        ContactListUseCase(contacts: manager, owner: alice).eventList(query: nil, after: nil, limit: 2, output: spy)
        let expected = [contact("c_1", first: "Charlie", last: "Brown"), contact("c_2", first: "Sally", last: "Brown")]
        #expect(spy.events == [.contacts(expected.map { ContactSummaryPresentationModel(ContactSummary($0)) }, next: ContactCursor(sortName: "brown sally", id: ContactID("c_2")))])
    }

    @Test("the last page has no cursor, and paging never shows another owner's contacts")
    func lastPage() {
        let manager = InMemoryContactManager([
            contact("c_1", first: "Charlie", last: "Brown"), contact("c_2", first: "Sally", last: "Brown"),
            contact("c_9", first: "Zed", last: "Zulu", owner: bob),
        ])
        let spy = ContactOutputSpy()
        ContactListUseCase(contacts: manager, owner: alice)
            .eventList(query: nil, after: ContactCursor(sortName: "brown charlie", id: ContactID("c_1")), limit: 5, output: spy)
        #expect(spy.events == [.contacts([ContactSummaryPresentationModel(ContactSummary(contact("c_2", first: "Sally", last: "Brown")))], next: nil)])
    }

    @Test("an empty page after a cursor is a page, not the no-contacts message")
    func emptyLaterPage() {
        let spy = ContactOutputSpy()
        ContactListUseCase(contacts: InMemoryContactManager(), owner: alice)
            .eventList(query: nil, after: ContactCursor(sortName: "z", id: ContactID("c_1")), limit: 5, output: spy)
        #expect(spy.events == [.contacts([], next: nil)])
    }

    @Test("a search with no match presents the no-contacts event")
    func searchMiss() {
        let spy = ContactOutputSpy()
        ContactListUseCase(contacts: InMemoryContactManager([contact("c_1", first: "Charlie", last: "Brown")]), owner: alice)
            .eventList(query: "lucy", after: nil, limit: 5, output: spy)
        #expect(spy.events == [.noContacts])
    }

    @Test("storage trouble is reported as such", arguments: [
        (GatewayError.unavailable("busy"), ContactOutputSpy.Event.storageUnavailable),
        (GatewayError.failure("disk"), ContactOutputSpy.Event.storageFailure),
    ])
    func storage(error: GatewayError, event: ContactOutputSpy.Event) {
        let manager = InMemoryContactManager()
        manager.failure.withLock { $0 = error }
        let spy = ContactOutputSpy()
        ContactListUseCase(contacts: manager, owner: alice).eventList(query: nil, after: nil, limit: 5, output: spy)
        #expect(spy.events == [event])
    }
}
