/// Routes anyone may call: operations, registration, login, and the report clients' listing
/// (which decides per request whether it needs a token: see `SortedTransactionsRoute`).
public enum OpenRoute: Equatable, Sendable {
    case operational(OperationalRoute)
    case users(UsersRoute.Open)
    case sessions(SessionsRoute.Open)
    case sortedTransactions(SortedTransactionsRoute)

    static let endpoints: [Endpoint<OpenRoute>] =
        OperationalRoute.endpoints.wrapped(OpenRoute.operational)
        + UsersRoute.Open.endpoints.wrapped(OpenRoute.users)
        + SessionsRoute.Open.endpoints.wrapped(OpenRoute.sessions)
        + SortedTransactionsRoute.endpoints.wrapped(OpenRoute.sortedTransactions)

    public var path: String {
        switch self {
        case .operational(let route): route.path
        case .users(let route): route.path
        case .sessions(let route): route.path
        case .sortedTransactions(let route): route.path
        }
    }
}
