import HTTPServer

/// The users feature's routes, by who may call them.
public enum UsersRoute {
    static let users: PathTemplate = "/v1/users"
    static let me: PathTemplate = "/v1/me"
    static let password: PathTemplate = "/v1/me/password"

    /// Routes anyone may call.
    public enum Open: Equatable, Sendable {
        case register

        static let endpoints: [Endpoint<Open>] = [Endpoint(.post, UsersRoute.users) { _ in .register }]

        public var path: String {
            switch self {
            case .register: UsersRoute.users.path()
            }
        }
    }

    /// Routes for a signed-in user.
    public enum SignedIn: Equatable, Sendable {
        case me, changePassword

        static let endpoints: [Endpoint<SignedIn>] = [
            Endpoint(.get, UsersRoute.me) { _ in .me },
            Endpoint(.post, UsersRoute.password) { _ in .changePassword },
        ]

        public var path: String {
            switch self {
            case .me: UsersRoute.me.path()
            case .changePassword: UsersRoute.password.path()
            }
        }
    }
}
