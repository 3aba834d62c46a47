import Domain
import HTTPServer
import Presentation

/// Assembles the login stack for one request and runs its event.
struct SessionCreateConnector {
    let dependencies: Dependencies
    let context: RequestContext

    func respond(to request: HTTPRequest) -> HTTPResponse {
        JSONRequestBody.respond(to: request, context: context) { body in
            let responder = SessionCreateResponder(context: context)
            let useCase = SessionCreateUseCase(
                users: dependencies.gateway.users, sessions: dependencies.gateway.sessions, hasher: dependencies.hasher,
                tokens: dependencies.tokens, throttle: dependencies.throttle, clock: dependencies.clock, policy: dependencies.sessionPolicy)
            SessionCreatePresenter(useCase: useCase, output: responder, messages: context.messages)
                .eventLogin(body: body, clientAddress: context.clientAddress)
            return responder.response
        }
    }
}
