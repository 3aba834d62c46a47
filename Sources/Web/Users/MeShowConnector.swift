import Domain
import HTTPServer
import Presentation

/// Assembles the current-user stack for one request and runs its event.
struct MeShowConnector {
    let dependencies: Dependencies
    let context: RequestContext
    let user: AuthenticatedUser

    func respond() -> HTTPResponse {
        let responder = MeShowResponder(context: context)
        let useCase = MeShowUseCase(users: dependencies.gateway.users, user: user.id)
        MeShowPresenter(useCase: useCase, output: responder, messages: context.messages).eventShow()
        return responder.response
    }
}
