import Domain

/// Converts a PATCH (path id, `If-Match`, body) and words the outcome.
public final class ContactUpdatePresenter: ContactUpdateUseCaseOutput, StorageFailurePresenter {
    private let useCase: ContactUpdateUseCase
    private let output: any ContactUpdatePresenterOutput
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: ContactUpdateUseCase, output: any ContactUpdatePresenterOutput, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventUpdate(id: String, ifMatch: String?, body: JSONValue) {
        var converter = ContactInputConverter(messages: messages)
        var errors: [FieldErrorViewModel] = []
        if !IDFormat.isValid(id) { errors.append(messages.invalidIDError()) }
        var expectedVersion: Int?
        if let ifMatch {
            switch ContactETag.parseIfMatch(ifMatch) {
            case .version(let version)?: expectedVersion = version
            case .any?: expectedVersion = nil
            case nil:
                errors.append(FieldErrorViewModel(parameter: "If-Match", code: .invalidIfMatch, detail: messages.text(.invalidIfMatch)))
            }
        }
        let changes = converter.changes(body)
        errors += converter.errors
        guard errors.isEmpty else {
            output.showMalformedInput(messages.malformed(errors))
            return
        }
        useCase.eventUpdate(id: ContactID(id), changes: changes, expectedVersion: expectedVersion, output: self)
    }

    public func presentUpdated(_ contact: ContactPresentationModel) { output.showUpdated(ContactViewModel(contact, language: messages.language)) }
    public func presentNotFound(_ id: ContactID) { output.showNotFound(ContactFailureWording.notFound(messages: messages)) }

    public func presentValidationFailures(_ failures: [ContactFieldFailure]) {
        output.showValidationFailures(ContactFailureWording.problem(failures, messages: messages))
    }

    public func presentStale(_ current: ContactPresentationModel) {
        let problem = ProblemViewModel(code: .staleETag, title: messages.text(.staleTitle), detail: messages.text(.staleContact))
        output.showStale(problem, current: ContactViewModel(current, language: messages.language))
    }
}
