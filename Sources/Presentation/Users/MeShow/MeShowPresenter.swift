import Domain

/// Words the current user.
public final class MeShowPresenter: MeShowUseCaseOutput, StorageFailurePresenter {
    private let useCase: MeShowUseCase
    private let output: any ViewModelPresenterOutput<UserViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: MeShowUseCase, output: any ViewModelPresenterOutput<UserViewModel>, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventShow() { useCase.eventShow(output: self) }

    public func presentUser(_ user: UserPresentationModel) { output.show(UserViewModel(user)) }
    public func presentUnknownUser() { output.showUnauthorized(messages.unauthorized()) }
}
