import Domain

/// Words a logout.
public final class SessionDeletePresenter: SessionDeleteUseCaseOutput, StorageFailurePresenter {
    private let useCase: SessionDeleteUseCase
    private let output: any NoContentPresenterOutput
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: SessionDeleteUseCase, output: any NoContentPresenterOutput, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventLogout(tokenDigest: String) { useCase.eventLogout(tokenDigest: tokenDigest, output: self) }

    public func presentLoggedOut() { output.showDone() }
}
