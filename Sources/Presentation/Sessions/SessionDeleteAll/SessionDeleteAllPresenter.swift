import Domain

/// Words signing out everywhere.
public final class SessionDeleteAllPresenter: SessionDeleteAllUseCaseOutput, StorageFailurePresenter {
    private let useCase: SessionDeleteAllUseCase
    private let output: any NoContentPresenterOutput
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: SessionDeleteAllUseCase, output: any NoContentPresenterOutput, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventLogoutEverywhere(user: UserID, tokenDigest: String) {
        useCase.eventLogoutEverywhere(user: user, tokenDigest: tokenDigest, output: self)
    }

    public func presentLoggedOutEverywhere() { output.showDone() }
}
