import Domain

/// Converts the list's query parameters and words the page or the empty-book message.
public final class ContactListPresenter: ContactListUseCaseOutput, StorageFailurePresenter {
    public static let maxQueryLength = 200

    private let useCase: ContactListUseCase
    private let output: any ViewModelPresenterOutput<ContactListViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: ContactListUseCase, output: any ViewModelPresenterOutput<ContactListViewModel>, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    /// Raw query values: `q`, `limit`, `cursor` as the client sent them (already percent-decoded).
    public func eventList(query: String?, limit: String?, cursor: String?) {
        var errors: [FieldErrorViewModel] = []
        let pageSize = PageLimit.parse(limit, messages: messages, errors: &errors)
        var after: ContactCursor?
        if let cursor, !cursor.isEmpty {
            after = ContactCursorCoding.decode(cursor)
            if after == nil {
                errors.append(FieldErrorViewModel(parameter: "cursor", code: .invalidCursor, detail: messages.text(.invalidCursor)))
            }
        }
        let search = query?.trimmingWhitespace()
        if let search, search.unicodeScalars.count > Self.maxQueryLength || search.unicodeScalars.contains(where: { $0.value < 0x20 }) {
            errors.append(FieldErrorViewModel(parameter: "q", code: .invalidValue, detail: messages.text(.queryTooLong, ["max": "\(Self.maxQueryLength)"])))
        }
        guard errors.isEmpty else {
            output.showMalformedInput(messages.malformed(errors))
            return
        }
        useCase.eventList(query: search?.isEmpty == false ? search : nil, after: after, limit: pageSize, output: self)
    }

    public func presentContacts(_ contacts: [ContactSummaryPresentationModel], next: ContactCursor?) {
        output.show(ContactListViewModel(
            items: contacts.map(ContactListItemViewModel.init), nextCursor: next.map(ContactCursorCoding.encode), message: nil))
    }

    public func presentNoContacts() {
        output.show(ContactListViewModel(items: [], nextCursor: nil, message: messages.text(.noContactsFound)))
    }
}
