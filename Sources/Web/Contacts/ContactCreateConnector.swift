import Domain
import HTTPServer
import Presentation

/// Assembles the create-contact stack for one request and runs its event.
struct ContactCreateConnector {
    let dependencies: Dependencies
    let context: RequestContext
    let user: AuthenticatedUser

    func respond(to request: HTTPRequest) -> HTTPResponse {
        JSONRequestBody.respond(to: request, context: context) { body in
            let responder = ContactCreateResponder(context: context)
            let useCase = ContactCreateUseCase(
                contacts: dependencies.gateway.contacts, owner: user.id, clock: dependencies.clock, ids: dependencies.ids)
            let presenter = ContactCreatePresenter(useCase: useCase, output: responder, messages: context.messages)
            presenter.eventCreate(body: body)
            return responder.response
        }
    }
}
