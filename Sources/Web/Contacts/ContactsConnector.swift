import Domain
import HTTPServer
import Presentation

/// Assembles each contacts scene's stack (Responder, Presenter, UseCase) for one request and
/// runs its event: the only code that names every concrete class of those stacks.
struct ContactsConnector {
    let dependencies: Dependencies
    let context: RequestContext
    let user: AuthenticatedUser

    private var contacts: any ContactManager { dependencies.gateway.contacts }

    func list(query: String?, limit: String?, cursor: String?) -> HTTPResponse {
        let responder = ViewModelResponder<ContactListViewModel>(context: context) { JSONBody.response(.ok, $0) }
        let useCase = ContactListUseCase(contacts: contacts, owner: user.id)
        ContactListPresenter(useCase: useCase, output: responder, messages: context.messages)
            .eventList(query: query, limit: limit, cursor: cursor)
        return responder.response
    }

    func create(_ request: HTTPRequest) -> HTTPResponse {
        JSONRequestBody.respond(to: request, context: context) { body in
            let responder = ViewModelResponder<ContactViewModel>(context: context) { JSONBody.response(.created, $0, headers: ["Location": ContactsRoute.show(id: $0.id).path, "ETag": $0.etag]) }
            let useCase = ContactCreateUseCase(contacts: contacts, owner: user.id, clock: dependencies.clock, ids: dependencies.ids)
            ContactCreatePresenter(useCase: useCase, output: responder, messages: context.messages).eventCreate(body: body)
            return responder.response
        }
    }

    func show(id: String) -> HTTPResponse {
        let responder = ViewModelResponder<ContactViewModel>(context: context) { JSONBody.response(.ok, $0, headers: ["ETag": $0.etag]) }
        let useCase = ContactShowUseCase(contacts: contacts, owner: user.id)
        ContactShowPresenter(useCase: useCase, output: responder, messages: context.messages).eventShow(id: id)
        return responder.response
    }

    func update(id: String, _ request: HTTPRequest) -> HTTPResponse {
        JSONRequestBody.respond(to: request, context: context) { body in
            let responder = ContactUpdateResponder(context: context)
            let useCase = ContactUpdateUseCase(contacts: contacts, owner: user.id, clock: dependencies.clock)
            ContactUpdatePresenter(useCase: useCase, output: responder, messages: context.messages)
                .eventUpdate(id: id, ifMatch: request.headers["If-Match"], body: body)
            return responder.response
        }
    }

    func delete(id: String) -> HTTPResponse {
        let responder = NoContentResponder(context: context)
        let useCase = ContactDeleteUseCase(contacts: contacts, owner: user.id, clock: dependencies.clock)
        ContactDeletePresenter(useCase: useCase, output: responder, messages: context.messages).eventDelete(id: id)
        return responder.response
    }
}
