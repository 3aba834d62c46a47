import Domain

/// Converts the list's query parameters and words the page or the no-account message.
public final class AccountListPresenter: AccountListUseCaseOutput, StorageFailurePresenter {
    private let useCase: AccountListUseCase
    private let output: any ViewModelPresenterOutput<AccountListViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: AccountListUseCase, output: any ViewModelPresenterOutput<AccountListViewModel>, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    /// Raw query values as the client sent them (already percent-decoded).
    public func eventList(limit: String?, cursor: String?) {
        var reader = QueryReader(messages: messages)
        let pageSize = reader.limit(limit)
        let after = reader.cursor(cursor, AccountCursorCoding.decode)
        guard reader.errors.isEmpty else {
            output.showMalformedInput(messages.malformed(reader.errors))
            return
        }
        useCase.eventList(after: after, limit: pageSize, output: self)
    }

    public func presentAccounts(_ accounts: [AccountPresentationModel], next: AccountCursor?) {
        output.show(AccountListViewModel(
            items: accounts.map { AccountViewModel($0, language: messages.language) }, nextCursor: next.map(AccountCursorCoding.encode), message: nil))
    }

    public func presentNoAccounts() {
        output.show(AccountListViewModel(items: [], nextCursor: nil, message: messages.text(.noAccountsFound)))
    }
}
