import Domain

/// Reads `{code}` and words the verification's outcome.
public final class EmailVerifyPresenter: EmailVerifyUseCaseOutput, StorageFailurePresenter {
    private let useCase: EmailVerifyUseCase
    private let output: any EmailVerifyPresenterOutput
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: EmailVerifyUseCase, output: any EmailVerifyPresenterOutput, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventVerify(body: JSONValue) {
        var reader = FieldReader(messages: messages)
        guard let object = reader.object(body) else {
            output.showMalformedInput(messages.malformed(reader.errors))
            return
        }
        let code = reader.string(object, "code", pointer: "/code", maxLength: 64)
        guard reader.errors.isEmpty else {
            output.showMalformedInput(messages.malformed(reader.errors))
            return
        }
        guard let code = Converted(code).value, !code.isEmpty else {
            output.showValidationFailures(messages.userFieldFailures([UserFieldFailure(field: .code, rule: .required)]))
            return
        }
        useCase.eventVerify(code: code, output: self)
    }

    public func presentVerified(_ user: UserPresentationModel) { output.showVerified(UserViewModel(user)) }
    public func presentCodeMismatch(attemptsLeft: Int) { output.showValidationFailures(messages.codeRefused(attemptsLeft: attemptsLeft)) }
    public func presentNoLiveCode() { output.showValidationFailures(messages.codeRefused(attemptsLeft: 0)) }

    public func presentEmailTaken() {
        output.showEmailTaken(ProblemViewModel(code: .emailTaken, title: messages.text(.conflictTitle), detail: messages.text(.emailVerifiedTaken)))
    }

    public func presentUnknownUser() { output.showUnauthorized(messages.unauthorized()) }
}
