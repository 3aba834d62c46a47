import Domain
import HTTPServer

/// The one place a bearer token becomes a user.
enum RequestAuthentication {
    static func authenticate(_ request: HTTPRequest, with authenticator: AccessTokenAuthenticator) -> Result<AuthenticatedUser, AuthenticationRefusal> {
        guard let header = request.headers["Authorization"] else { return .failure(.missing) }
        guard let token = BearerToken.parse(header) else { return .failure(.invalid) }
        switch authenticator.authenticate(token: token) {
        case .authenticated(let user, let digest): return .success(AuthenticatedUser(id: user, tokenDigest: digest))
        case .rejected: return .failure(.invalid)
        case .storageUnavailable: return .failure(.unavailable)
        }
    }
}
