import Domain
import HTTPServer
import Presentation

/// Assembles the logout stack for one request and runs its event.
struct SessionDeleteConnector {
    let dependencies: Dependencies
    let context: RequestContext
    let user: AuthenticatedUser

    func respond() -> HTTPResponse {
        let responder = SessionDeleteResponder(context: context)
        let useCase = SessionDeleteUseCase(sessions: dependencies.gateway.sessions, authenticator: dependencies.authenticator, clock: dependencies.clock)
        SessionDeletePresenter(useCase: useCase, output: responder, messages: context.messages).eventLogout(tokenDigest: user.tokenDigest)
        return responder.response
    }
}
