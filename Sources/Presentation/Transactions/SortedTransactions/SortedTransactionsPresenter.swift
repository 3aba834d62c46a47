import Domain

/// Converts the selection in the path and words the listing in the existing clients' format.
public final class SortedTransactionsPresenter: SortedTransactionsUseCaseOutput, StorageFailurePresenter {
    /// Whose transactions: the signed-in user's first account, or the operator's public one.
    public enum Scope: Sendable {
        case owner(UserID)
        case publicAccount(AccountID)
    }

    private let useCase: SortedTransactionsUseCase
    private let output: any SortedTransactionsPresenterOutput
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: SortedTransactionsUseCase, output: any SortedTransactionsPresenterOutput, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    /// An unknown selection answers as the clients know: "Transactions are not found" (404).
    public func eventList(selection: String, scope: Scope) {
        guard let selection = SortedTransactionsSelection(rawValue: selection) else {
            presentTransactionsNotFound()
            return
        }
        switch scope {
        case .owner(let owner): useCase.eventList(selection, owner: owner, output: self)
        case .publicAccount(let account): useCase.eventList(selection, publicAccount: account, output: self)
        }
    }

    public func presentSortedTransactions(_ transactions: [TransactionPresentationModel]) {
        output.showSortedTransactions(SortedTransactionListViewModel(transactions: transactions.map(SortedTransactionViewModel.init)))
    }

    /// The clients match this English sentence, so it is never translated.
    public func presentTransactionsNotFound() {
        output.showTransactionsNotFound(SortedTransactionsNotFoundViewModel(reason: Messages(.en).text(.transactionsNotFound)))
    }
}
