import Domain

/// Converts the path id and words one contact.
public final class ContactShowPresenter: ContactShowUseCaseOutput, StorageFailurePresenter {
    private let useCase: ContactShowUseCase
    private let output: any ViewModelPresenterOutput<ContactViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: ContactShowUseCase, output: any ViewModelPresenterOutput<ContactViewModel>, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventShow(id: String) {
        guard IDFormat.isValid(id) else {
            output.showMalformedInput(messages.invalidID())
            return
        }
        useCase.eventShow(id: ContactID(id), output: self)
    }

    public func presentContact(_ contact: ContactPresentationModel) { output.show(ContactViewModel(contact, language: messages.language)) }
    public func presentNotFound(_ id: ContactID) { output.showNotFound(ContactFailureWording.notFound(messages: messages)) }
}
