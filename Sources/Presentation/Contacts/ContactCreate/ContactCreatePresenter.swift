import Domain

/// Converts a new contact's body and words the outcome.
public final class ContactCreatePresenter: ContactCreateUseCaseOutput, StorageFailurePresenter {
    private let useCase: ContactCreateUseCase
    private let output: any ViewModelPresenterOutput<ContactViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: ContactCreateUseCase, output: any ViewModelPresenterOutput<ContactViewModel>, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventCreate(body: JSONValue) {
        var converter = ContactInputConverter(messages: messages)
        let fields = converter.fields(body)
        guard converter.errors.isEmpty else {
            output.showMalformedInput(messages.malformed(converter.errors))
            return
        }
        useCase.eventCreate(fields, output: self)
    }

    public func presentCreated(_ contact: ContactPresentationModel) { output.show(ContactViewModel(contact, language: messages.language)) }

    public func presentValidationFailures(_ failures: [ContactFieldFailure]) {
        output.showValidationFailures(ContactFailureWording.problem(failures, messages: messages))
    }
}
