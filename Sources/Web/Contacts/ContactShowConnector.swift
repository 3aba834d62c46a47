import Domain
import HTTPServer
import Presentation

/// Assembles the show-contact stack for one request and runs its event.
struct ContactShowConnector {
    let dependencies: Dependencies
    let context: RequestContext
    let user: AuthenticatedUser

    func respond(id: String) -> HTTPResponse {
        let responder = ContactShowResponder(context: context)
        let useCase = ContactShowUseCase(contacts: dependencies.gateway.contacts, owner: user.id)
        let presenter = ContactShowPresenter(useCase: useCase, output: responder, messages: context.messages)
        presenter.eventShow(id: id)
        return responder.response
    }
}
