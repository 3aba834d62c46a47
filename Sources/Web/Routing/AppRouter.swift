import Foundation
import HTTPServer
import Presentation

/// The root of the router tree: matches a request against every feature's endpoints,
/// authenticates the signed-in routes, hands each route to the feature router that owns it,
/// and answers in one place what nobody handles (401, 404, 405 with `Allow`).
public struct AppRouter: Sendable {
    static let table = RouteTable(AppRoute.endpoints)

    private let dependencies: Dependencies
    private let operational = OperationalRouter()
    private let contacts = ContactsRouter()
    private let users = UsersRouter()
    private let sessions = SessionsRouter()

    public init(dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    /// Method and template of every route the server serves (`HEAD` and `OPTIONS` implied).
    public static var routeTable: [(method: HTTPMethod, template: String)] {
        table.operations.map { (method: $0.method, template: $0.template.description) }
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let started = DispatchTime.now().uptimeNanoseconds
        let (response, template) = route(request)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        // Clients choose method tokens freely; only implemented ones may become label values
        // (the server refuses the rest with 501 before routing, so this is a second guard).
        let method = request.method.isImplemented ? request.method.rawValue : "other"
        dependencies.metrics.record(method: method, route: template, status: response.status.code, seconds: seconds)
        return response
    }

    private func route(_ request: HTTPRequest) -> (HTTPResponse, String) {
        let context = RequestContext(
            requestID: request.requestID,
            language: Language.negotiate(acceptLanguage: request.headers["Accept-Language"]),
            clientAddress: request.remoteAddress)
        if request.path == "*" { return (ServerOptions.response, "*") }
        if let problem = TargetEncoding.problem(request, context: context) { return (problem, "unmatched") }
        switch Self.table.match(request.method, PathSegments(request.path)) {
        case .route(.open(let route), let template):
            return (respond(to: route, request, context), template.description)
        case .route(.signedIn(let route), let template):
            switch RequestAuthentication.authenticate(request, with: dependencies.authenticator) {
            case .success(let user): return (respond(to: route, request, context, user), template.description)
            case .failure(let refusal): return (refusal.response(context: context), template.description)
            }
        case .methodNotAllowed(let allow, let template):
            return (RootProblems.methodNotAllowed(request, allow: allow, context: context), template.description)
        case .noMatch:
            return (RootProblems.notFound(request, context: context), "unmatched")
        }
    }

    private func respond(to route: OpenRoute, _ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        switch route {
        case .operational(let route):
            operational.respond(to: route, context, dependencies)
        case .users(let route):
            users.respond(to: route, request, UsersConnector(dependencies: dependencies, context: context))
        case .sessions(let route):
            sessions.respond(to: route, request, SessionsConnector(dependencies: dependencies, context: context))
        }
    }

    private func respond(to route: SignedInRoute, _ request: HTTPRequest, _ context: RequestContext, _ user: AuthenticatedUser) -> HTTPResponse {
        switch route {
        case .contacts(let route):
            contacts.respond(to: route, request, ContactsConnector(dependencies: dependencies, context: context, user: user))
        case .users(let route):
            users.respond(to: route, UsersConnector(dependencies: dependencies, context: context), user: user)
        case .sessions(let route):
            sessions.respond(to: route, SessionsConnector(dependencies: dependencies, context: context), user: user)
        }
    }
}
