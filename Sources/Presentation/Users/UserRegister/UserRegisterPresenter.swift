import Domain

/// Converts a registration body and words the outcome.
public final class UserRegisterPresenter: UserRegisterUseCaseOutput, StorageFailurePresenter {
    /// Longer passwords only feed the KDF work; nobody types 1,024 characters.
    public static let maxPasswordLength = 1024

    private let useCase: UserRegisterUseCase
    private let output: any UserRegisterPresenterOutput
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: UserRegisterUseCase, output: any UserRegisterPresenterOutput, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    /// - Parameter clientAddress: the address the registration counts against.
    public func eventRegister(body: JSONValue, clientAddress: String) {
        var reader = FieldReader(messages: messages)
        guard let object = reader.object(body) else {
            output.showMalformedInput(messages.malformed(reader.errors))
            return
        }
        let name = reader.string(object, "name", pointer: "/name", maxLength: 100)
        let email = reader.string(object, "email", pointer: "/email", maxLength: 254)
        let password = reader.exactString(object, "password", pointer: "/password", maxLength: Self.maxPasswordLength)
        guard reader.errors.isEmpty else {
            output.showMalformedInput(messages.malformed(reader.errors))
            return
        }
        useCase.eventRegister(
            name: Converted(name).value, email: Converted(email).value, password: Converted(password).value, clientAddress: clientAddress,
            language: messages.language.rawValue, output: self)
    }

    public func presentAccepted(email: String) {
        output.showAccepted(AcceptedViewModel(email: email, detail: messages.text(.registrationAccepted, ["email": email])))
    }

    public func presentValidationFailures(_ failures: [UserFieldFailure]) {
        output.showValidationFailures(messages.userFieldFailures(failures))
    }

    public func presentRateLimited(retryAfter: Int) {
        output.showRateLimited(messages.rateLimited(.registrationRateLimitedDetail, retryAfter: retryAfter), retryAfter: retryAfter)
    }

    public func presentServerBusy(retryAfter: Int) {
        output.showServerBusy(messages.serverBusy(retryAfter: retryAfter), retryAfter: retryAfter)
    }
}
