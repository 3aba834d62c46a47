import Domain

/// What the logout Responder must be able to show.
public protocol SessionDeletePresenterOutput: ProblemPresenterOutput {
    func showLoggedOut()
}

/// Words a logout.
public final class SessionDeletePresenter: SessionDeleteUseCaseOutput {
    private let useCase: SessionDeleteUseCase
    private let output: any SessionDeletePresenterOutput
    private let messages: Messages

    public init(useCase: SessionDeleteUseCase, output: any SessionDeletePresenterOutput, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventLogout(tokenDigest: String) { useCase.eventLogout(tokenDigest: tokenDigest, output: self) }

    public func presentLoggedOut() { output.showLoggedOut() }
    public func presentStorageUnavailable() { output.showStorageUnavailable(messages.unavailable()) }
    public func presentStorageFailure() { output.showStorageFailure(messages.failure()) }
}
