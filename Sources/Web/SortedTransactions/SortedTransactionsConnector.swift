import Domain
import HTTPServer
import Presentation

/// Assembles the compatibility listing's stack for one request, after choosing whose account it
/// shows: a request with `Authorization` is the token's user's (401 when the token is bad, even
/// with a public account configured); one without is the public account's, or 401 when there is
/// none.
struct SortedTransactionsConnector {
    let dependencies: Dependencies
    let context: RequestContext

    func list(selection: String, _ request: HTTPRequest) -> HTTPResponse {
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
        let useCase = SortedTransactionsUseCase(accounts: dependencies.gateway.accounts, transactions: dependencies.gateway.transactions)
        SortedTransactionsPresenter(useCase: useCase, output: responder, messages: context.messages).eventList(selection: selection, scope: scope)
        return responder.response
    }
}
