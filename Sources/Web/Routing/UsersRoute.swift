/// The users feature's routes.
public enum UsersRoute: Equatable, Sendable {
    case register
    case me

    public var path: String {
        switch self {
        case .register: "/v1/users"
        case .me: "/v1/me"
        }
    }
}

/// The sessions feature's routes.
public enum SessionsRoute: Equatable, Sendable {
    case create
    case deleteCurrent

    public var path: String {
        switch self {
        case .create: "/v1/sessions"
        case .deleteCurrent: "/v1/sessions/current"
        }
    }
}
