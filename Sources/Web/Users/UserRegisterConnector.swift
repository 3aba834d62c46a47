import Domain
import HTTPServer
import Presentation

/// Assembles the registration stack for one request and runs its event.
struct UserRegisterConnector {
    let dependencies: Dependencies
    let context: RequestContext

    func respond(to request: HTTPRequest) -> HTTPResponse {
        JSONRequestBody.respond(to: request, context: context) { body in
            let responder = UserRegisterResponder(context: context)
            let useCase = UserRegisterUseCase(
                users: dependencies.gateway.users, hasher: dependencies.hasher, tokens: dependencies.tokens, clock: dependencies.clock,
                ids: dependencies.ids, policy: dependencies.sessionPolicy)
            UserRegisterPresenter(useCase: useCase, output: responder, messages: context.messages).eventRegister(body: body)
            return responder.response
        }
    }
}
