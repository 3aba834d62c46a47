import Domain
import HTTPServer
import Presentation

/// Assembles the contact-list stack for one request and runs its event.
struct ContactListConnector {
    let dependencies: Dependencies
    let context: RequestContext
    let user: AuthenticatedUser

    func respond(query: String?, limit: String?, cursor: String?) -> HTTPResponse {
        let responder = ContactListResponder(context: context)
        let useCase = ContactListUseCase(contacts: dependencies.gateway.contacts, owner: user.id)
        let presenter = ContactListPresenter(useCase: useCase, output: responder, messages: context.messages)
        presenter.eventList(query: query, limit: limit, cursor: cursor)
        return responder.response
    }
}
