import Domain
import DomainTestSupport
import Presentation
import Testing

@Suite("ContactCreatePresenter")
struct ContactCreatePresenterTests {
    func presenter(_ spy: ViewModelOutputSpy<ContactViewModel>, _ language: Language = .en) -> ContactCreatePresenter {
        ContactCreatePresenter(
            useCase: ContactCreateUseCase(contacts: UntouchableContactManager(), owner: Fixture.owner, clock: SystemClock(), ids: TimeOrderedIDGenerator()),
            output: spy, messages: Messages(language))
    }

    @Test("wrong types, bad dates, long values and control characters are each reported with a pointer")
    func formatErrors() throws {
        let spy = ViewModelOutputSpy<ContactViewModel>()
        presenter(spy).eventCreate(body: .object([
            "firstName": .number("3"), "birthday": .string("2023-02-30"), "phone": .string(String(repeating: "5", count: 41)),
            "lastName": .string("a\u{7}b"), "address": .string("Toronto"),
        ]))
        guard case .malformed(let problem) = try #require(spy.shown.first) else { Issue.record("not malformed"); return }
        #expect(Set(problem.errors.map { "\($0.pointer ?? "") \($0.code)" }) == [
            "/firstName invalid_type", "/birthday invalid_format", "/phone too_long", "/lastName invalid_characters", "/address invalid_type",
        ])
    }

    @Test("length limits count code points, so combining marks cannot smuggle long text")
    func combiningMarks() throws {
        let spy = ViewModelOutputSpy<ContactViewModel>()
        presenter(spy).eventCreate(body: .object(["firstName": .string("a" + String(repeating: "\u{301}", count: 100))]))
        guard case .malformed(let problem) = try #require(spy.shown.first) else { Issue.record("accepted"); return }
        #expect(problem.errors.map(\.code) == [.tooLong])
    }

    @Test("a body that is not an object is refused at the root pointer")
    func notAnObject() throws {
        let spy = ViewModelOutputSpy<ContactViewModel>()
        presenter(spy).eventCreate(body: .array([]))
        guard case .malformed(let problem) = try #require(spy.shown.first) else { Issue.record("not malformed"); return }
        #expect(problem.errors.map(\.pointer) == [""])
    }

    @Test("rule failures point into the body, worded in the client's language", arguments: [
        (Language.en, "First name or last name must be entered"), (.fr, "Le prénom ou le nom doit être saisi"),
    ])
    func validation(language: Language, message: String) throws {
        let spy = ViewModelOutputSpy<ContactViewModel>()
        presenter(spy, language).presentValidationFailures([
            ContactFieldFailure(field: .firstName, rule: .nameRequired), ContactFieldFailure(field: .lastName, rule: .nameRequired),
        ])
        guard case .validation(let problem) = try #require(spy.shown.first) else { Issue.record("not validation"); return }
        #expect(problem.code == .validationFailed)
        #expect(problem.errors.map(\.pointer) == ["/firstName", "/lastName"])
        #expect(problem.errors.allSatisfy { $0.code == .required && $0.detail == message })
    }

    @Test("a created contact is shown formatted: name, date, RFC 3339 times, strong ETag")
    func created() throws {
        let spy = ViewModelOutputSpy<ContactViewModel>()
        presenter(spy).presentCreated(Fixture.contact(version: 4))
        guard case .viewModel(let contact) = try #require(spy.shown.first) else { Issue.record("not created"); return }
        #expect(contact.contactName == "Charlie Brown")
        #expect(contact.birthday == "1950-10-02")
        #expect(contact.createdAt == "2026-11-18T11:06:40Z")
        #expect(contact.etag == "\"4\"")
    }
}
