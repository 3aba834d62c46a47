import Domain
import HTTPServer
import Presentation

/// Assembles each sessions scene's stack (Responder, Presenter, UseCase) for one request and
/// runs its event.
struct SessionsConnector {
    let dependencies: Dependencies
    let context: RequestContext

    func create(_ request: HTTPRequest) -> HTTPResponse {
        JSONRequestBody.respond(to: request, context: context) { body in
            let responder = SessionCreateResponder(context: context)
            let useCase = SessionCreateUseCase(
                users: dependencies.gateway.users, sessions: dependencies.gateway.sessions, hasher: dependencies.hasher,
                tokens: dependencies.tokens, throttle: dependencies.loginThrottle, clock: dependencies.clock, policy: dependencies.sessionPolicy)
            SessionCreatePresenter(useCase: useCase, output: responder, messages: context.messages)
                .eventLogin(body: body, clientAddress: context.clientLimitKey)
            return responder.response
        }
    }

    func deleteCurrent(user: AuthenticatedUser) -> HTTPResponse {
        let responder = SessionDeleteResponder(context: context)
        let useCase = SessionDeleteUseCase(
            sessions: dependencies.gateway.sessions, authenticator: dependencies.authenticator, clock: dependencies.clock)
        SessionDeletePresenter(useCase: useCase, output: responder, messages: context.messages).eventLogout(tokenDigest: user.tokenDigest)
        return responder.response
    }
}
