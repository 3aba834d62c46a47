/// `GET /v1/transactions/{id}`, written by the scaffold: say what the scene does.
///
/// Outcomes: `present(_:)`, `presentNotFound()`, storage failures; `presentNotImplemented()` (501) until this UseCase is written.
public struct TransactionShowUseCase {
    private let transactions: any TransactionManager
    private let accounts: any AccountManager
    private let owner: UserID

    public init(transactions: any TransactionManager, accounts: any AccountManager, owner: UserID) {
        self.transactions = transactions
        self.accounts = accounts
        self.owner = owner
    }

    public func eventShow(id: TransactionID, output: any TransactionShowUseCaseOutput) {
        output.presentNotImplemented()
    }
}
