import Domain

/// Reads `{email}` and words a password-reset request.
public final class PasswordResetRequestPresenter: PasswordResetRequestUseCaseOutput, StorageFailurePresenter {
    private let useCase: PasswordResetRequestUseCase
    private let output: any PasswordResetRequestPresenterOutput
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: PasswordResetRequestUseCase, output: any PasswordResetRequestPresenterOutput, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    /// - Parameter clientAddress: the address the message counts against.
    public func eventRequest(body: JSONValue, clientAddress: String) {
        var reader = FieldReader(messages: messages)
        guard let object = reader.object(body) else {
            output.showMalformedInput(messages.malformed(reader.errors))
            return
        }
        let email = reader.string(object, "email", pointer: "/email", maxLength: 254)
        guard reader.errors.isEmpty else {
            output.showMalformedInput(messages.malformed(reader.errors))
            return
        }
        useCase.eventRequest(email: Converted(email).value, clientAddress: clientAddress, language: messages.language.rawValue, output: self)
    }

    public func presentAccepted(email: String) {
        output.showAccepted(AcceptedViewModel(email: email, detail: messages.text(.passwordResetAccepted, ["email": email])))
    }

    public func presentValidationFailures(_ failures: [UserFieldFailure]) { output.showValidationFailures(messages.userFieldFailures(failures)) }

    public func presentRateLimited(retryAfter: Int) {
        output.showRateLimited(messages.rateLimited(.mailRateLimitedDetail, retryAfter: retryAfter), retryAfter: retryAfter)
    }
}
