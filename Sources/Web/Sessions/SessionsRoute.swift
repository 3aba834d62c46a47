import HTTPServer

/// The sessions feature's routes, by who may call them.
public enum SessionsRoute {
    static let sessions: PathTemplate = "/v1/sessions"
    static let current: PathTemplate = "/v1/sessions/current"
    static let refresh: PathTemplate = "/v1/sessions/refresh"

    /// Routes anyone may call: logging in, and refreshing (the refresh token is the credential).
    public enum Open: Equatable, Sendable {
        case create, refresh

        static let endpoints: [Endpoint<Open>] = [
            Endpoint(.post, SessionsRoute.sessions) { _ in .create },
            Endpoint(.post, SessionsRoute.refresh) { _ in .refresh },
        ]

        public var path: String {
            switch self {
            case .create: SessionsRoute.sessions.path()
            case .refresh: SessionsRoute.refresh.path()
            }
        }
    }

    /// Routes for a signed-in user: the list of their sessions, logging out here or everywhere.
    public enum SignedIn: Equatable, Sendable {
        case list, deleteAll, deleteCurrent

        static let endpoints: [Endpoint<SignedIn>] = [
            Endpoint(.get, SessionsRoute.sessions) { _ in .list },
            Endpoint(.delete, SessionsRoute.sessions) { _ in .deleteAll },
            Endpoint(.delete, SessionsRoute.current) { _ in .deleteCurrent },
        ]

        public var path: String {
            switch self {
            case .list, .deleteAll: SessionsRoute.sessions.path()
            case .deleteCurrent: SessionsRoute.current.path()
            }
        }
    }
}

extension SessionsRoute.Open {
    /// Hands this route to its scene in `connector`, with the raw inputs the scene reads.
    func respond(to request: HTTPRequest, with connector: SessionsConnector) -> HTTPResponse {
        switch self {
        case .create: connector.create(request)
        case .refresh: connector.refresh(request)
        }
    }
}

extension SessionsRoute.SignedIn {
    /// Hands this route to its scene in `connector`, with the raw inputs the scene reads.
    func respond(with connector: SessionsConnector, user: AuthenticatedUser) -> HTTPResponse {
        switch self {
        case .list: connector.list(user: user)
        case .deleteAll: connector.deleteAll(user: user)
        case .deleteCurrent: connector.deleteCurrent(user: user)
        }
    }
}
