import Domain
import HTTPServer
import Presentation

/// Assembles each accounts scene's stack (Responder, Presenter, UseCase) for one request and
/// runs its event: the only code that names every concrete class of those stacks.
struct AccountsConnector {
    let dependencies: Dependencies
    let context: RequestContext
    let user: AuthenticatedUser

    private var accounts: any AccountManager { dependencies.gateway.accounts }
    private var transactions: any TransactionManager { dependencies.gateway.transactions }

    func list(limit: String?, cursor: String?) -> HTTPResponse {
        let responder = ViewModelResponder<AccountListViewModel>(context: context) { JSONBody.response(.ok, $0) }
        let useCase = AccountListUseCase(accounts: accounts, owner: user.id)
        AccountListPresenter(useCase: useCase, output: responder, messages: context.messages).eventList(limit: limit, cursor: cursor)
        return responder.response
    }

    func create(_ request: HTTPRequest) -> HTTPResponse {
        JSONRequestBody.respond(to: request, context: context) { body in
            let responder = ViewModelResponder<AccountViewModel>(context: context) { JSONBody.response(.created, $0, headers: ["Location": AccountsRoute.show(id: $0.id).path]) }
            let useCase = AccountCreateUseCase(accounts: accounts, owner: user.id, clock: dependencies.clock, ids: dependencies.ids)
            AccountCreatePresenter(useCase: useCase, output: responder, messages: context.messages).eventCreate(body: body)
            return responder.response
        }
    }

    func show(id: String) -> HTTPResponse {
        let responder = ViewModelResponder<AccountViewModel>(context: context) { JSONBody.response(.ok, $0) }
        let useCase = AccountShowUseCase(accounts: accounts, owner: user.id)
        AccountShowPresenter(useCase: useCase, output: responder, messages: context.messages).eventShow(id: id)
        return responder.response
    }

    func report(id: String, from: String?, to: String?) -> HTTPResponse {
        let responder = AccountReportResponder(context: context)
        let useCase = AccountReportUseCase(
            accounts: accounts, transactions: transactions, owner: user.id, clock: dependencies.clock,
            maximumRows: dependencies.accountPolicy.maximumReportRows)
        let presenter = AccountReportPresenter(useCase: useCase, output: responder, messages: context.messages)
        presenter.eventReport(id: id, from: from, to: to)
        return responder.response(pulling: presenter)
    }
}
