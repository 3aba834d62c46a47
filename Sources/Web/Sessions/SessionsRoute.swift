import HTTPServer

/// The sessions feature's routes, by who may call them.
public enum SessionsRoute {
    static let sessions: PathTemplate = "/v1/sessions"
    static let current: PathTemplate = "/v1/sessions/current"

    /// Routes anyone may call: logging in.
    public enum Open: Equatable, Sendable {
        case create

        static let endpoints: [Endpoint<Open>] = [Endpoint(.post, SessionsRoute.sessions) { _ in .create }]

        public var path: String {
            switch self {
            case .create: SessionsRoute.sessions.path()
            }
        }
    }

    /// Routes for a signed-in user: logging out.
    public enum SignedIn: Equatable, Sendable {
        case deleteCurrent

        static let endpoints: [Endpoint<SignedIn>] = [Endpoint(.delete, SessionsRoute.current) { _ in .deleteCurrent }]

        public var path: String {
            switch self {
            case .deleteCurrent: SessionsRoute.current.path()
            }
        }
    }
}
