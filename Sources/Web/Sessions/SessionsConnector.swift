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
                .eventLogin(
                    body: body, clientAddress: context.clientLimitKey,
                    client: SessionClient(address: context.clientAddress, userAgent: request.headers["User-Agent"]))
            return responder.response
        }
    }

    func refresh(_ request: HTTPRequest) -> HTTPResponse {
        JSONRequestBody.respond(to: request, context: context) { body in
            let responder = ViewModelResponder<SessionViewModel>(context: context) { JSONBody.response(.ok, $0, headers: ["Cache-Control": "no-store"]) }
            let useCase = SessionRefreshUseCase(
                sessions: dependencies.gateway.sessions, tokens: dependencies.tokens, authenticator: dependencies.authenticator,
                clock: dependencies.clock, policy: dependencies.sessionPolicy)
            SessionRefreshPresenter(useCase: useCase, output: responder, messages: context.messages).eventRefresh(body: body)
            return responder.response
        }
    }

    func list(user: AuthenticatedUser) -> HTTPResponse {
        let responder = ViewModelResponder<SessionListViewModel>(context: context) { JSONBody.response(.ok, $0) }
        let useCase = SessionListUseCase(sessions: dependencies.gateway.sessions, user: user.id, tokenDigest: user.tokenDigest, clock: dependencies.clock)
        SessionListPresenter(useCase: useCase, output: responder, messages: context.messages).eventList()
        return responder.response
    }

    func deleteAll(user: AuthenticatedUser) -> HTTPResponse {
        let responder = NoContentResponder(context: context)
        let useCase = SessionDeleteAllUseCase(
            sessions: dependencies.gateway.sessions, authenticator: dependencies.authenticator, clock: dependencies.clock)
        SessionDeleteAllPresenter(useCase: useCase, output: responder, messages: context.messages)
            .eventLogoutEverywhere(user: user.id, tokenDigest: user.tokenDigest)
        return responder.response
    }

    func deleteCurrent(user: AuthenticatedUser) -> HTTPResponse {
        let responder = NoContentResponder(context: context)
        let useCase = SessionDeleteUseCase(
            sessions: dependencies.gateway.sessions, authenticator: dependencies.authenticator, clock: dependencies.clock)
        SessionDeletePresenter(useCase: useCase, output: responder, messages: context.messages).eventLogout(tokenDigest: user.tokenDigest)
        return responder.response
    }
}
