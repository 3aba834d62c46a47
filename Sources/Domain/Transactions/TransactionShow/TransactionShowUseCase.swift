/// `GET /v1/transactions/{id}`: one ledger row of one of the owner's accounts, in that account's
/// currency (a transfer's leg, an imported card transaction).
///
/// Outcomes: `present(_:)`, `presentNotFound()` (missing, or on someone else's account: alike),
/// storage failures.
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
        do {
            guard let transaction = try transactions.fetch(id: id, owner: owner),
                let account = try accounts.fetch(id: transaction.accountID, owner: owner)
            else {
                output.presentNotFound()
                return
            }
            output.present(TransactionPresentationModel(transaction, currency: account.currency))
        } catch {
            output.presentStorage(error)
        }
    }
}
