import Domain
import Testing

@Suite("ContactShowUseCase")
struct ContactShowUseCaseTests {
    @Test("an existing contact is presented")
    func found() {
        let stored = contact("c_1", first: "Charlie", last: "Brown")
        let spy = ContactOutputSpy()
        ContactShowUseCase(contacts: InMemoryContactManager([stored]), owner: alice).eventShow(id: ContactID("c_1"), output: spy)
        #expect(spy.events == [.contact(ContactPresentationModel(stored))])
    }

    @Test("a missing contact and another owner's contact both present not-found")
    func notFound() {
        let manager = InMemoryContactManager([contact("c_1", first: "Charlie", last: "Brown", owner: bob)])
        let spy = ContactOutputSpy()
        let useCase = ContactShowUseCase(contacts: manager, owner: alice)
        useCase.eventShow(id: ContactID("c_1"), output: spy)
        useCase.eventShow(id: ContactID("c_404"), output: spy)
        #expect(spy.events == [.notFound(ContactID("c_1")), .notFound(ContactID("c_404"))])
    }
}
