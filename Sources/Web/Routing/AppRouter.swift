import Foundation
import HTTPServer
import Presentation

/// The root of the router tree: matches a request to a route, authenticates the routes that
/// need it, hands each route to the feature router that owns it, and answers in one place what
/// nobody handles (401, 404, 405 with `Allow`).
public struct AppRouter: Sendable {
    private let dependencies: Dependencies
    private let contacts = ContactsRouter()
    private let users = UsersRouter()

    public init(dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    /// Method and template of every route the server serves (`HEAD` and `OPTIONS` implied).
    public static var routeTable: [(method: HTTPMethod, template: String)] {
        [(.get, "/health"), (.get, "/health/ready"), (.get, "/metrics"), (.get, "/openapi.json")]
            + (ContactsRouter.table + UsersRouter.table).map { (method: $0.0, template: $0.1) }
    }

    static let knownMethods: Set<HTTPMethod> = [.get, .head, .post, .put, .patch, .delete, .options]

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let started = DispatchTime.now().uptimeNanoseconds
        let (response, template) = route(request)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        // Clients choose method tokens freely; only known ones may become label values.
        let method = Self.knownMethods.contains(request.method) ? request.method.rawValue : "other"
        dependencies.metrics.record(method: method, route: template, status: response.status.code, seconds: seconds)
        return response
    }

    private func route(_ request: HTTPRequest) -> (HTTPResponse, String) {
        let context = RequestContext(
            requestID: request.requestID,
            language: Language.negotiate(acceptLanguage: request.headers["Accept-Language"]),
            clientAddress: request.remoteAddress)
        switch match(request.method, PathSegments(request.path)) {
        case .route(let route):
            guard route.requiresAuthentication else {
                return (respond(to: route, request, context, user: nil), route.template)
            }
            switch authenticate(request) {
            case .success(let user):
                return (respond(to: route, request, context, user: user), route.template)
            case .failure(let refusal):
                return (refusal.response(context: context), route.template)
            }
        case .methodNotAllowed(let allow):
            return (ProblemResponses.methodNotAllowed(request, allow: allow, context: context), "unmatched")
        case .noMatch:
            return (ProblemResponses.notFound(request, context: context), "unmatched")
        }
    }

    func match(_ method: HTTPMethod, _ path: PathSegments) -> RouteMatch<AppRoute> {
        let isRead = method == .get || method == .head
        switch path.segments {
        case ["health"]: return isRead ? .route(.health) : .methodNotAllowed(allow: [.get])
        case ["health", "ready"]: return isRead ? .route(.healthReady) : .methodNotAllowed(allow: [.get])
        case ["metrics"]: return isRead ? .route(.metrics) : .methodNotAllowed(allow: [.get])
        case ["openapi.json"]: return isRead ? .route(.openAPI) : .methodNotAllowed(allow: [.get])
        default: break
        }
        switch contacts.match(method, path) {
        case .route(let route): return .route(.contacts(route))
        case .methodNotAllowed(let allow): return .methodNotAllowed(allow: allow)
        case .noMatch: break
        }
        switch users.match(method, path) {
        case .route(.users(let route)): return .route(.users(route))
        case .route(.sessions(let route)): return .route(.sessions(route))
        case .methodNotAllowed(let allow): return .methodNotAllowed(allow: allow)
        case .noMatch: return .noMatch
        }
    }

    /// The one place a bearer token becomes a user.
    private func authenticate(_ request: HTTPRequest) -> Result<AuthenticatedUser, AuthenticationRefusal> {
        guard let header = request.headers["Authorization"] else { return .failure(.missing) }
        guard let token = BearerToken.parse(header) else { return .failure(.invalid) }
        switch dependencies.authenticator.authenticate(token: token) {
        case .authenticated(let user, let digest): return .success(AuthenticatedUser(id: user, tokenDigest: digest))
        case .rejected: return .failure(.invalid)
        case .storageUnavailable: return .failure(.unavailable)
        }
    }

    private func respond(to route: AppRoute, _ request: HTTPRequest, _ context: RequestContext, user: AuthenticatedUser?) -> HTTPResponse {
        switch (route, user) {
        case (.health, _): HealthResponder.respond()
        case (.healthReady, _): ReadinessResponder.respond(gateway: dependencies.gateway, context: context)
        case (.metrics, _): MetricsResponder.respond(dependencies: dependencies)
        case (.openAPI, _): OpenAPIResponder.respond()
        case (.users(.register), _): UserRegisterConnector(dependencies: dependencies, context: context).respond(to: request)
        case (.sessions(.create), _): SessionCreateConnector(dependencies: dependencies, context: context).respond(to: request)
        case (.contacts(let contactsRoute), let user?): contacts.respond(to: contactsRoute, request, context, user, dependencies)
        case (.users(.me), let user?): MeShowConnector(dependencies: dependencies, context: context, user: user).respond()
        case (.sessions(.deleteCurrent), let user?): SessionDeleteConnector(dependencies: dependencies, context: context, user: user).respond()
        case (.contacts, nil), (.users(.me), nil), (.sessions(.deleteCurrent), nil):
            // `requiresAuthentication` guarantees a user; answering 401 keeps this total.
            AuthenticationRefusal.missing.response(context: context)
        }
    }
}
