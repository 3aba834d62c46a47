import Domain

/// Converts a refresh body and words the outcome; every refused token reads the same.
public final class SessionRefreshPresenter: SessionRefreshUseCaseOutput, StorageFailurePresenter {
    private let useCase: SessionRefreshUseCase
    private let output: any ViewModelPresenterOutput<SessionViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: SessionRefreshUseCase, output: any ViewModelPresenterOutput<SessionViewModel>, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventRefresh(body: JSONValue) {
        var reader = FieldReader(messages: messages)
        guard let object = reader.object(body) else {
            output.showMalformedInput(messages.malformed(reader.errors))
            return
        }
        let token = Converted(reader.exactString(object, "refreshToken", pointer: "/refreshToken", maxLength: RefreshToken.maximumLength)).value
        if token == nil && reader.errors.isEmpty {
            reader.record(FieldErrorViewModel(pointer: "/refreshToken", code: .required, detail: messages.text(.refreshTokenRequired)))
        }
        guard reader.errors.isEmpty, let token else {
            output.showMalformedInput(messages.malformed(reader.errors))
            return
        }
        useCase.eventRefresh(refreshToken: token, output: self)
    }

    public func presentRefreshed(_ session: SessionPresentationModel) { output.show(SessionViewModel(session)) }

    public func presentInvalidRefreshToken() {
        output.showUnauthorized(ProblemViewModel(code: .invalidRefreshToken, title: messages.text(.unauthorizedTitle), detail: messages.text(.invalidRefreshToken)))
    }
}
