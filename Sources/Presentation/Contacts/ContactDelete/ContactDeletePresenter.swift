import Domain

/// Converts the path id of a deletion and words the outcome.
public final class ContactDeletePresenter: ContactDeleteUseCaseOutput, StorageFailurePresenter {
    private let useCase: ContactDeleteUseCase
    private let output: any NoContentPresenterOutput
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: ContactDeleteUseCase, output: any NoContentPresenterOutput, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventDelete(id: String) {
        guard IDFormat.isValid(id) else {
            output.showMalformedInput(messages.invalidID())
            return
        }
        useCase.eventDelete(id: ContactID(id), output: self)
    }

    public func presentDeleted() { output.showDone() }
    public func presentNotFound(_ id: ContactID) { output.showNotFound(ContactFailureWording.notFound(messages: messages)) }
}
