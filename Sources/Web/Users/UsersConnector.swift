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
                services: dependencies.identityServices, accountPolicy: dependencies.accountPolicy, throttle: dependencies.registrationThrottle)
            UserRegisterPresenter(useCase: useCase, output: responder, messages: context.messages)
                .eventRegister(body: body, clientAddress: context.clientLimitKey)
            return responder.response
        }
    }

    func me(user: AuthenticatedUser) -> HTTPResponse {
        let responder = ViewModelResponder<UserViewModel>(context: context) { JSONBody.response(.ok, $0) }
        let useCase = MeShowUseCase(users: dependencies.gateway.users, user: user.id)
        MeShowPresenter(useCase: useCase, output: responder, messages: context.messages).eventShow()
        return responder.response
    }

    func verify(_ request: HTTPRequest, user: AuthenticatedUser) -> HTTPResponse {
        JSONRequestBody.respond(to: request, context: context) { body in
            let responder = EmailVerifyResponder(context: context)
            EmailVerifyPresenter(useCase: EmailVerifyUseCase(services: dependencies.identityServices, user: user.id), output: responder, messages: context.messages)
                .eventVerify(body: body)
            return responder.response
        }
    }

    func sendVerification(user: AuthenticatedUser) -> HTTPResponse {
        let responder = AcceptedResponder(context: context)
        let useCase = VerificationSendUseCase(services: dependencies.identityServices, user: user.id)
        VerificationSendPresenter(useCase: useCase, output: responder, messages: context.messages).eventSend(clientAddress: context.clientLimitKey)
        return responder.response
    }

    func requestPasswordReset(_ request: HTTPRequest) -> HTTPResponse {
        JSONRequestBody.respond(to: request, context: context) { body in
            let responder = AcceptedResponder(context: context)
            PasswordResetRequestPresenter(useCase: PasswordResetRequestUseCase(services: dependencies.identityServices), output: responder, messages: context.messages)
                .eventRequest(body: body, clientAddress: context.clientLimitKey)
            return responder.response
        }
    }

    func confirmPasswordReset(_ request: HTTPRequest) -> HTTPResponse {
        JSONRequestBody.respond(to: request, context: context) { body in
            let responder = PasswordResetConfirmResponder(context: context)
            PasswordResetConfirmPresenter(useCase: PasswordResetConfirmUseCase(services: dependencies.identityServices), output: responder, messages: context.messages)
                .eventConfirm(body: body)
            return responder.response
        }
    }

    func changePassword(_ request: HTTPRequest, user: AuthenticatedUser) -> HTTPResponse {
        JSONRequestBody.respond(to: request, context: context) { body in
            let responder = PasswordChangeResponder(context: context)
            let useCase = PasswordChangeUseCase(
                users: dependencies.gateway.users, hasher: dependencies.hasher, throttle: dependencies.loginThrottle,
                authenticator: dependencies.authenticator, clock: dependencies.clock, ids: dependencies.ids)
            PasswordChangePresenter(useCase: useCase, output: responder, messages: context.messages)
                .eventChange(body: body, user: user.id, tokenDigest: user.tokenDigest, clientAddress: context.clientLimitKey)
            return responder.response
        }
    }
}
