import Domain

/// Words asking for a new verification code.
public final class VerificationSendPresenter: VerificationSendUseCaseOutput, StorageFailurePresenter {
    private let useCase: VerificationSendUseCase
    private let output: any VerificationSendPresenterOutput
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: VerificationSendUseCase, output: any VerificationSendPresenterOutput, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    /// - Parameter clientAddress: the address the message counts against.
    public func eventSend(clientAddress: String) {
        useCase.eventSend(clientAddress: clientAddress, language: messages.language.rawValue, output: self)
    }

    public func presentSent(email: String) {
        output.showAccepted(AcceptedViewModel(email: email, detail: messages.text(.verificationSent, ["email": email])))
    }

    public func presentAlreadyVerified() {
        output.showAlreadyVerified(ProblemViewModel(code: .alreadyVerified, title: messages.text(.conflictTitle), detail: messages.text(.alreadyVerified)))
    }

    public func presentRateLimited(retryAfter: Int) {
        output.showRateLimited(messages.rateLimited(.mailRateLimitedDetail, retryAfter: retryAfter), retryAfter: retryAfter)
    }

    public func presentUnknownUser() { output.showUnauthorized(messages.unauthorized()) }
}
