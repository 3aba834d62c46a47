/// Routes anyone may call: operations, registration, login.
public enum OpenRoute: Equatable, Sendable {
    case operational(OperationalRoute)
    case users(UsersRoute.Open)
    case sessions(SessionsRoute.Open)

    static let endpoints: [Endpoint<OpenRoute>] =
        OperationalRoute.endpoints.wrapped(OpenRoute.operational)
        + UsersRoute.Open.endpoints.wrapped(OpenRoute.users)
        + SessionsRoute.Open.endpoints.wrapped(OpenRoute.sessions)

    public var path: String {
        switch self {
        case .operational(let route): route.path
        case .users(let route): route.path
        case .sessions(let route): route.path
        }
    }
}
