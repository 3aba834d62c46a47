import Domain
import HTTPServer
import Presentation

/// Assembles each transactions scene's stack (Responder, Presenter, UseCase) for one request and
/// runs its event.
struct TransactionsConnector {
    let dependencies: Dependencies
    let context: RequestContext

    private var accounts: any AccountManager { dependencies.gateway.accounts }
    private var transactions: any TransactionManager { dependencies.gateway.transactions }

    func list(accountID: String, group: String?, from: String?, to: String?, limit: String?, cursor: String?, user: AuthenticatedUser)
        -> HTTPResponse
    {
        let responder = ViewModelResponder<TransactionListViewModel>(context: context) { JSONBody.response(.ok, $0) }
        let useCase = TransactionListUseCase(accounts: accounts, transactions: transactions, owner: user.id)
        TransactionListPresenter(useCase: useCase, output: responder, messages: context.messages)
            .eventList(id: accountID, group: group, from: from, to: to, limit: limit, cursor: cursor)
        return responder.response
    }

    /// The report clients' listing, after choosing whose account it shows: a request with
    /// `Authorization` is the token's user's (401 when the token is bad, even with a public
    /// account configured); one without is the public account's, or 401 when there is none.
    func sorted(selection: String, _ request: HTTPRequest) -> HTTPResponse {
        let scope: SortedTransactionsPresenter.Scope
        if request.headers["Authorization"] == nil, let account = dependencies.publicReportAccount {
            scope = .publicAccount(account)
        } else {
            switch RequestAuthentication.authenticate(request, with: dependencies.authenticator) {
            case .success(let user): scope = .owner(user.id)
            case .failure(let refusal): return refusal.response(context: context)
            }
        }
        let responder = SortedTransactionsResponder(context: context)
        let useCase = SortedTransactionsUseCase(accounts: accounts, transactions: transactions)
        SortedTransactionsPresenter(useCase: useCase, output: responder, messages: context.messages).eventList(selection: selection, scope: scope)
        return responder.response
    }

    /// GET /v1/transactions/{id}: written by the scaffold.
    func show(id: String, user: AuthenticatedUser) -> HTTPResponse {
        let responder = ViewModelResponder<TransactionViewModel>(context: context) { JSONBody.response(.ok, $0) }
        let useCase = TransactionShowUseCase(transactions: dependencies.gateway.transactions, accounts: dependencies.gateway.accounts, owner: user.id)
        TransactionShowPresenter(useCase: useCase, output: responder, messages: context.messages).eventShow(id: id)
        return responder.response
    }
}
