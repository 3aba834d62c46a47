import Domain

/// Converts a login body and words the outcome; unknown email and wrong password read the same.
public final class SessionCreatePresenter: SessionCreateUseCaseOutput, StorageFailurePresenter {
    private let useCase: SessionCreateUseCase
    private let output: any SessionCreatePresenterOutput
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: SessionCreateUseCase, output: any SessionCreatePresenterOutput, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    /// - Parameters: `clientAddress` the key the login limits count; `client` what the sessions
    ///   list will show of the new session.
    public func eventLogin(body: JSONValue, clientAddress: String, client: SessionClient) {
        var reader = FieldReader(messages: messages)
        guard let object = reader.object(body) else {
            output.showMalformedInput(messages.malformed(reader.errors))
            return
        }
        let email = Converted(reader.string(object, "email", pointer: "/email", maxLength: 254)).value
        let password = Converted(reader.exactString(object, "password", pointer: "/password", maxLength: UserRegisterPresenter.maxPasswordLength)).value
        if email == nil && reader.errors.allSatisfy({ $0.pointer != "/email" }) {
            reader.record(FieldErrorViewModel(pointer: "/email", code: .required, detail: messages.text(.emailRequired)))
        }
        if password == nil && reader.errors.allSatisfy({ $0.pointer != "/password" }) {
            reader.record(FieldErrorViewModel(pointer: "/password", code: .required, detail: messages.text(.passwordRequired)))
        }
        guard reader.errors.isEmpty, let email, let password else {
            output.showMalformedInput(messages.malformed(reader.errors))
            return
        }
        useCase.eventLogin(email: email, password: password, clientAddress: clientAddress, client: client, output: self)
    }

    public func presentCreated(_ session: SessionPresentationModel) { output.showCreated(SessionViewModel(session)) }

    public func presentInvalidCredentials() {
        output.showUnauthorized(ProblemViewModel(code: .invalidCredentials, title: messages.text(.unauthorizedTitle), detail: messages.text(.invalidCredentials)))
    }

    public func presentRateLimited(retryAfter: Int) {
        output.showRateLimited(messages.rateLimited(.loginRateLimitedDetail, retryAfter: retryAfter), retryAfter: retryAfter)
    }

    public func presentServerBusy(retryAfter: Int) {
        output.showServerBusy(messages.serverBusy(retryAfter: retryAfter), retryAfter: retryAfter)
    }
}
