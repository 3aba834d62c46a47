import Domain
import HTTPServer
import Presentation

/// Assembles each users scene's stack (Responder, Presenter, UseCase) for one request and runs
/// its event.
struct UsersConnector {
    let dependencies: Dependencies
    let context: RequestContext

    func register(_ request: HTTPRequest) -> HTTPResponse {
        JSONRequestBody.respond(to: request, context: context) { body in
            let responder = UserRegisterResponder(context: context)
            let useCase = UserRegisterUseCase(
                users: dependencies.gateway.users, hasher: dependencies.hasher, tokens: dependencies.tokens, clock: dependencies.clock,
                ids: dependencies.ids, policy: dependencies.sessionPolicy, accountPolicy: dependencies.accountPolicy,
                throttle: dependencies.registrationThrottle)
            UserRegisterPresenter(useCase: useCase, output: responder, messages: context.messages)
                .eventRegister(body: body, clientAddress: context.clientLimitKey)
            return responder.response
        }
    }

    func me(user: AuthenticatedUser) -> HTTPResponse {
        let responder = MeShowResponder(context: context)
        let useCase = MeShowUseCase(users: dependencies.gateway.users, user: user.id)
        MeShowPresenter(useCase: useCase, output: responder, messages: context.messages).eventShow()
        return responder.response
    }

    func changePassword(_ request: HTTPRequest, user: AuthenticatedUser) -> HTTPResponse {
        JSONRequestBody.respond(to: request, context: context) { body in
            let responder = PasswordChangeResponder(context: context)
            let useCase = PasswordChangeUseCase(
                users: dependencies.gateway.users, hasher: dependencies.hasher, throttle: dependencies.loginThrottle,
                authenticator: dependencies.authenticator, clock: dependencies.clock)
            PasswordChangePresenter(useCase: useCase, output: responder, messages: context.messages)
                .eventChange(body: body, user: user.id, tokenDigest: user.tokenDigest, clientAddress: context.clientLimitKey)
            return responder.response
        }
    }
}
