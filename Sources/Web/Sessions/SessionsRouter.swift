import HTTPServer

/// Hands each sessions route to its scene in the Connector.
struct SessionsRouter {
    func respond(to route: SessionsRoute.Open, _ request: HTTPRequest, _ connector: SessionsConnector) -> HTTPResponse {
        switch route {
        case .create: connector.create(request)
        case .refresh: connector.refresh(request)
        }
    }

    func respond(to route: SessionsRoute.SignedIn, _ connector: SessionsConnector, user: AuthenticatedUser) -> HTTPResponse {
        switch route {
        case .list: connector.list(user: user)
        case .deleteAll: connector.deleteAll(user: user)
        case .deleteCurrent: connector.deleteCurrent(user: user)
        }
    }
}
