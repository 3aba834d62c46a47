/// Routes anyone may call: operations, registration, login, and the report clients' listing
/// (which decides per request whether it needs a token: see `TransactionsRoute.Open`).
public enum OpenRoute: Equatable, Sendable {
    case operational(OperationalRoute)
    case users(UsersRoute.Open)
    case sessions(SessionsRoute.Open)
    case transactions(TransactionsRoute.Open)
    case liveEvents(LiveEventsRoute.Open)

    static let endpoints: [Endpoint<OpenRoute>] =
        OperationalRoute.endpoints.wrapped(OpenRoute.operational)
        + UsersRoute.Open.endpoints.wrapped(OpenRoute.users)
        + SessionsRoute.Open.endpoints.wrapped(OpenRoute.sessions)
        + TransactionsRoute.Open.endpoints.wrapped(OpenRoute.transactions)
        + LiveEventsRoute.Open.endpoints.wrapped(OpenRoute.liveEvents)

    public var path: String {
        switch self {
        case .operational(let route): route.path
        case .users(let route): route.path
        case .sessions(let route): route.path
        case .transactions(let route): route.path
        case .liveEvents(let route): route.path
        }
    }
}
