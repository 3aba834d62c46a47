import Domain

/// Words the user's sessions, their instants in the client's language.
public final class SessionListPresenter: SessionListUseCaseOutput, StorageFailurePresenter {
    private let useCase: SessionListUseCase
    private let output: any ViewModelPresenterOutput<SessionListViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: SessionListUseCase, output: any ViewModelPresenterOutput<SessionListViewModel>, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventList() { useCase.eventList(output: self) }

    public func presentSessions(_ sessions: [SessionSummaryPresentationModel]) {
        output.show(SessionListViewModel(items: sessions.map { SessionSummaryViewModel($0, language: messages.language) }))
    }
}
