import Domain
import HTTPServer
import Presentation

/// Assembles the delete-contact stack for one request and runs its event.
struct ContactDeleteConnector {
    let dependencies: Dependencies
    let context: RequestContext
    let user: AuthenticatedUser

    func respond(id: String) -> HTTPResponse {
        let responder = ContactDeleteResponder(context: context)
        let useCase = ContactDeleteUseCase(contacts: dependencies.gateway.contacts, owner: user.id)
        let presenter = ContactDeletePresenter(useCase: useCase, output: responder, messages: context.messages)
        presenter.eventDelete(id: id)
        return responder.response
    }
}
