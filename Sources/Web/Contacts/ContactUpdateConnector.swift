import Domain
import HTTPServer
import Presentation

/// Assembles the update-contact stack for one request and runs its event.
struct ContactUpdateConnector {
    let dependencies: Dependencies
    let context: RequestContext
    let user: AuthenticatedUser

    func respond(id: String, to request: HTTPRequest) -> HTTPResponse {
        JSONRequestBody.respond(to: request, context: context) { body in
            let responder = ContactUpdateResponder(context: context)
            let useCase = ContactUpdateUseCase(contacts: dependencies.gateway.contacts, owner: user.id, clock: dependencies.clock)
            let presenter = ContactUpdatePresenter(useCase: useCase, output: responder, messages: context.messages)
            presenter.eventUpdate(id: id, ifMatch: request.headers["If-Match"], body: body)
            return responder.response
        }
    }
}
