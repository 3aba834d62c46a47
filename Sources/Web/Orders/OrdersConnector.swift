import Domain
import HTTPServer
import Presentation

/// Assembles each orders scene's stack (Responder, Presenter, UseCase) for one request and
/// runs its event; the unsafe POSTs run inside `IdempotentExecution`.
struct OrdersConnector {
    let dependencies: Dependencies
    let context: RequestContext
    let user: AuthenticatedUser

    private var orders: any OrderManager { dependencies.gateway.orders }

    func list(status: String?, sort: String?, limit: String?, cursor: String?) -> HTTPResponse {
        let responder = ViewModelResponder<OrderListViewModel>(context: context) { JSONBody.response(.ok, $0) }
        OrderListPresenter(useCase: OrderListUseCase(orders: orders, owner: user.id), output: responder, messages: context.messages)
            .eventList(status: status, sort: sort, limit: limit, cursor: cursor)
        return responder.response
    }

    func create(_ request: HTTPRequest) -> HTTPResponse {
        IdempotentExecution(dependencies: dependencies, context: context, user: user).respond(to: request) {
            JSONRequestBody.respond(to: request, context: context) { body in
                let responder = ViewModelResponder<OrderViewModel>(context: context) { JSONBody.response(.created, $0, headers: ["Location": OrdersRoute.show(id: $0.id).path, "ETag": $0.etag]) }
                let useCase = OrderCreateUseCase(
                    orders: orders, products: dependencies.gateway.products, contacts: dependencies.gateway.contacts,
                    policy: dependencies.orderPolicy, owner: user.id, clock: dependencies.clock, ids: dependencies.ids)
                OrderCreatePresenter(useCase: useCase, output: responder, messages: context.messages).eventCreate(body: body)
                return responder.response
            }
        }
    }

    func show(id: String) -> HTTPResponse {
        let responder = ViewModelResponder<OrderViewModel>(context: context) { JSONBody.response(.ok, $0, headers: ["ETag": $0.etag]) }
        OrderShowPresenter(useCase: OrderShowUseCase(orders: orders, owner: user.id), output: responder, messages: context.messages)
            .eventShow(id: id)
        return responder.response
    }

    /// No body is read: the path says everything.
    func cancel(id: String, _ request: HTTPRequest) -> HTTPResponse {
        IdempotentExecution(dependencies: dependencies, context: context, user: user).respond(to: request) {
            let responder = OrderCancelResponder(context: context)
            let useCase = OrderCancelUseCase(orders: orders, owner: user.id, clock: dependencies.clock)
            OrderCancelPresenter(useCase: useCase, output: responder, messages: context.messages).eventCancel(id: id)
            return responder.response
        }
    }
}
