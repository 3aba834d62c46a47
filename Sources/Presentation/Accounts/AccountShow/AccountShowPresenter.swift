import Domain

/// Converts the path id and words one account with its balance.
public final class AccountShowPresenter: AccountShowUseCaseOutput, StorageFailurePresenter {
    private let useCase: AccountShowUseCase
    private let output: any ViewModelPresenterOutput<AccountViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: AccountShowUseCase, output: any ViewModelPresenterOutput<AccountViewModel>, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventShow(id: String) {
        var reader = QueryReader(messages: messages)
        let account = reader.accountID(id)
        guard reader.errors.isEmpty else {
            output.showMalformedInput(messages.malformed(reader.errors))
            return
        }
        useCase.eventShow(id: account, output: self)
    }

    public func presentAccount(_ account: AccountPresentationModel) { output.show(AccountViewModel(account, language: messages.language)) }
    public func presentNotFound(_ id: AccountID) { output.showNotFound(AccountFailureWording.notFound(messages: messages)) }
}
