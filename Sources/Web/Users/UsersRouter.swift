import HTTPServer

/// Hands each users route to its scene in the Connector.
struct UsersRouter {
    func respond(to route: UsersRoute.Open, _ request: HTTPRequest, _ connector: UsersConnector) -> HTTPResponse {
        switch route {
        case .register: connector.register(request)
        case .requestPasswordReset: connector.requestPasswordReset(request)
        case .confirmPasswordReset: connector.confirmPasswordReset(request)
        }
    }

    func respond(to route: UsersRoute.SignedIn, _ request: HTTPRequest, _ connector: UsersConnector, user: AuthenticatedUser) -> HTTPResponse {
        switch route {
        case .me: connector.me(user: user)
        case .verify: connector.verify(request, user: user)
        case .sendVerification: connector.sendVerification(user: user)
        case .changePassword: connector.changePassword(request, user: user)
        }
    }
}
