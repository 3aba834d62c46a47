import Domain
import HTTPServer
import Presentation

/// Assembles the update-contact stack for one request and runs its event.
struct ContactUpdateConnector {
    let dependencies: Dependencies
    let context: RequestContext
    let user: AuthenticatedUser

    func respond(id: String, to request: HTTPRequest) -> HTTPResponse {
        let body: JSONValue
        switch JSONRequestBody.decode(request) {
        case .success(let decoded): body = decoded
        case .failure(let failure): return ProblemResponses.body(failure, context: context)
        }
        let responder = ContactUpdateResponder(context: context)
        let useCase = ContactUpdateUseCase(contacts: dependencies.gateway.contacts, owner: user.id, clock: dependencies.clock)
        let presenter = ContactUpdatePresenter(useCase: useCase, output: responder, messages: context.messages)
        presenter.eventUpdate(id: id, ifMatch: request.headers["If-Match"], body: body)
        return responder.response
    }
}
