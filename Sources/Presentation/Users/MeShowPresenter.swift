import Domain

/// What the current-user Responder must be able to show.
public protocol MeShowPresenterOutput: ProblemPresenterOutput, UnauthorizedPresenterOutput {
    func showUser(_ user: UserViewModel)
}

/// Words the current user.
public final class MeShowPresenter: MeShowUseCaseOutput {
    private let useCase: MeShowUseCase
    private let output: any MeShowPresenterOutput
    private let messages: Messages

    public init(useCase: MeShowUseCase, output: any MeShowPresenterOutput, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventShow() { useCase.eventShow(output: self) }

    public func presentUser(_ user: UserPresentationModel) { output.showUser(UserViewModel(user)) }
    public func presentUnknownUser() { output.showUnauthorized(messages.unauthorized()) }
    public func presentStorageUnavailable() { output.showStorageUnavailable(messages.unavailable()) }
    public func presentStorageFailure() { output.showStorageFailure(messages.failure()) }
}
