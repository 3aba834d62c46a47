import Domain

/// Reads `{email, code, newPassword}` and words a password reset.
public final class PasswordResetConfirmPresenter: PasswordResetConfirmUseCaseOutput, StorageFailurePresenter {
    private let useCase: PasswordResetConfirmUseCase
    private let output: any PasswordResetConfirmPresenterOutput
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: PasswordResetConfirmUseCase, output: any PasswordResetConfirmPresenterOutput, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventConfirm(body: JSONValue) {
        var reader = FieldReader(messages: messages)
        guard let object = reader.object(body) else {
            output.showMalformedInput(messages.malformed(reader.errors))
            return
        }
        let email = reader.string(object, "email", pointer: "/email", maxLength: 254)
        let code = reader.string(object, "code", pointer: "/code", maxLength: 64)
        let newPassword = reader.exactString(object, "newPassword", pointer: "/newPassword", maxLength: UserRegisterPresenter.maxPasswordLength)
        guard reader.errors.isEmpty else {
            output.showMalformedInput(messages.malformed(reader.errors))
            return
        }
        useCase.eventConfirm(email: Converted(email).value, code: Converted(code).value, newPassword: Converted(newPassword).value, output: self)
    }

    public func presentReset() { output.showReset(PasswordResetViewModel(detail: messages.text(.passwordResetDone))) }
    public func presentValidationFailures(_ failures: [UserFieldFailure]) { output.showValidationFailures(messages.userFieldFailures(failures)) }
    public func presentCodeMismatch(attemptsLeft: Int) { output.showValidationFailures(messages.codeRefused(attemptsLeft: attemptsLeft)) }

    public func presentRateLimited(retryAfter: Int) {
        output.showRateLimited(messages.rateLimited(.mailRateLimitedDetail, retryAfter: retryAfter), retryAfter: retryAfter)
    }

    public func presentServerBusy(retryAfter: Int) {
        output.showServerBusy(messages.serverBusy(retryAfter: retryAfter), retryAfter: retryAfter)
    }
}
