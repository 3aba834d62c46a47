import Domain
import DomainTestSupport
import Presentation
import Testing

@Suite("ContactListPresenter")
struct ContactListPresenterTests {
    func presenter(_ spy: ViewModelOutputSpy<ContactListViewModel>, _ language: Language = .en) -> ContactListPresenter {
        ContactListPresenter(
            useCase: ContactListUseCase(contacts: UntouchableContactManager(), owner: Fixture.owner), output: spy,
            messages: Messages(language))
    }

    @Test("empty contact list presents the no-contacts message", arguments: [(Language.en, "No contacts found"), (.fr, "Aucun contact trouvé")])
    func noContacts(language: Language, message: String) {
        let spy = ViewModelOutputSpy<ContactListViewModel>()
        presenter(spy, language).presentNoContacts()
        #expect(spy.shown == [.viewModel(ContactListViewModel(items: [], nextCursor: nil, message: message))])
    }

    @Test("rows carry the formatted contact name and an opaque cursor that decodes back")
    func rows() throws {
        let spy = ViewModelOutputSpy<ContactListViewModel>()
        let contact = Contact(id: ContactID("c_1"), ownerID: Fixture.owner, firstName: "Charlie", lastName: "Brown", phone: "555", createdAt: Fixture.created, updatedAt: Fixture.created)
        let cursor = ContactCursor(sortName: "brown charlie", id: ContactID("c_1"))
        presenter(spy).presentContacts([ContactSummaryPresentationModel(ContactSummary(contact))], next: cursor)
        guard case .viewModel(let list) = try #require(spy.shown.first) else { Issue.record("no list"); return }
        #expect(list.items.map(\.contactName) == ["Charlie Brown"])
        #expect(list.message == nil)
        let token = try #require(list.nextCursor)
        #expect(!token.contains("brown"))
        #expect(ContactCursorCoding.decode(token) == cursor)
    }

    @Test("a bad limit, a forged cursor and a huge search are all reported, storage untouched")
    func malformedQuery() throws {
        let spy = ViewModelOutputSpy<ContactListViewModel>()
        presenter(spy).eventList(query: String(repeating: "q", count: 201), limit: "0", cursor: "not-ours")
        guard case .malformed(let problem) = try #require(spy.shown.first) else { Issue.record("not malformed"); return }
        #expect(problem.errors.map(\.parameter) == ["limit", "cursor", "q"])
        #expect(problem.code == .malformedRequest)
    }

    @Test("limits outside 1...100 or not integers are refused", arguments: ["0", "101", "-1", "1.5", "ten", "", "+5", "0005"])
    func limits(limit: String) {
        let spy = ViewModelOutputSpy<ContactListViewModel>()
        presenter(spy).eventList(query: nil, limit: limit, cursor: nil)
        #expect(spy.shown.count == 1)
        if case .malformed = spy.shown.first {} else { Issue.record("limit \(limit) accepted") }
    }
}
