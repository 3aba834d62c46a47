import HTTPServer

/// The users feature's routes, by who may call them.
public enum UsersRoute {
    static let users: PathTemplate = "/v1/users"
    static let me: PathTemplate = "/v1/me"
    static let verify: PathTemplate = "/v1/users/verify"
    static let verification: PathTemplate = "/v1/users/verification"
    static let passwordResets: PathTemplate = "/v1/password-resets"
    static let passwordResetConfirm: PathTemplate = "/v1/password-resets/confirm"
    static let password: PathTemplate = "/v1/me/password"

    /// Routes anyone may call.
    public enum Open: Equatable, Sendable {
        case register
        case requestPasswordReset
        case confirmPasswordReset

        static let endpoints: [Endpoint<Open>] = [
            Endpoint(.post, UsersRoute.users) { _ in .register },
            Endpoint(.post, UsersRoute.passwordResets) { _ in .requestPasswordReset },
            Endpoint(.post, UsersRoute.passwordResetConfirm) { _ in .confirmPasswordReset },
        ]

        public var path: String {
            switch self {
            case .register: UsersRoute.users.path()
            case .requestPasswordReset: UsersRoute.passwordResets.path()
            case .confirmPasswordReset: UsersRoute.passwordResetConfirm.path()
            }
        }
    }

    /// Routes for a signed-in user.
    public enum SignedIn: Equatable, Sendable {
        case me
        case verify
        case sendVerification
        case changePassword

        static let endpoints: [Endpoint<SignedIn>] = [
            Endpoint(.get, UsersRoute.me) { _ in .me },
            Endpoint(.post, UsersRoute.verify) { _ in .verify },
            Endpoint(.post, UsersRoute.verification) { _ in .sendVerification },
            Endpoint(.post, UsersRoute.password) { _ in .changePassword },
        ]

        public var path: String {
            switch self {
            case .me: UsersRoute.me.path()
            case .verify: UsersRoute.verify.path()
            case .sendVerification: UsersRoute.verification.path()
            case .changePassword: UsersRoute.password.path()
            }
        }
    }
}

extension UsersRoute.Open {
    /// Hands this route to its scene in `connector`, with the raw inputs the scene reads.
    func respond(to request: HTTPRequest, with connector: UsersConnector) -> HTTPResponse {
        switch self {
        case .register: connector.register(request)
        case .requestPasswordReset: connector.requestPasswordReset(request)
        case .confirmPasswordReset: connector.confirmPasswordReset(request)
        }
    }
}

extension UsersRoute.SignedIn {
    /// Hands this route to its scene in `connector`, with the raw inputs the scene reads.
    func respond(to request: HTTPRequest, with connector: UsersConnector, user: AuthenticatedUser) -> HTTPResponse {
        switch self {
        case .me: connector.me(user: user)
        case .verify: connector.verify(request, user: user)
        case .sendVerification: connector.sendVerification(user: user)
        case .changePassword: connector.changePassword(request, user: user)
        }
    }
}
