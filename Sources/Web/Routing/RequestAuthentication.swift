import Domain
import HTTPServer

/// The one place a bearer token becomes a user.
enum RequestAuthentication {
    static func authenticate(_ request: HTTPRequest, with authenticator: AccessTokenAuthenticator) -> Result<AuthenticatedUser, AuthenticationRefusal> {
        let headers = request.headers.values(for: "Authorization")
        // A singleton field (RFC 9110 §11.6.2): with two, a proxy and the server could each
        // authenticate a different one, so neither is used.
        guard headers.count <= 1 else { return .failure(.ambiguous) }
        guard let header = headers.first else { return .failure(.missing) }
        guard let token = BearerToken.parse(header) else { return .failure(.invalid) }
        switch authenticator.authenticate(token: token) {
        case .authenticated(let user, let digest): return .success(AuthenticatedUser(id: user, tokenDigest: digest))
        case .rejected: return .failure(.invalid)
        case .storageUnavailable: return .failure(.unavailable)
        }
    }
}
