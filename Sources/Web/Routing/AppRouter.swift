import Foundation
import HTTPServer
import Presentation

/// The root of the router tree: matches a request to a route, hands it to the feature router
/// that owns it, and answers in one place what nobody handles (404, 405 with `Allow`).
public struct AppRouter: Sendable {
    private let dependencies: Dependencies
    private let contacts = ContactsRouter()

    public init(dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    /// Method and template of every route the server serves (`HEAD` and `OPTIONS` implied).
    public static var routeTable: [(method: HTTPMethod, template: String)] {
        [(.get, "/health"), (.get, "/health/ready"), (.get, "/metrics"), (.get, "/openapi.json")]
            + ContactsRouter.table.map { (method: $0.0, template: $0.1) }
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let started = DispatchTime.now().uptimeNanoseconds
        let (response, template) = route(request)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        dependencies.metrics.record(method: request.method.rawValue, route: template, status: response.status.code, seconds: seconds)
        return response
    }

    private func route(_ request: HTTPRequest) -> (HTTPResponse, String) {
        let context = RequestContext(
            requestID: request.requestID,
            language: Language.negotiate(acceptLanguage: request.headers["Accept-Language"]),
            owner: dependencies.developmentOwner)
        switch match(request.method, PathSegments(request.path)) {
        case .route(let route):
            return (respond(to: route, request, context), route.template)
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
        case .noMatch: return .noMatch
        }
    }

    private func respond(to route: AppRoute, _ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        switch route {
        case .health: HealthResponder.respond()
        case .healthReady: ReadinessResponder.respond(gateway: dependencies.gateway, context: context)
        case .metrics: MetricsResponder.respond(dependencies: dependencies)
        case .openAPI: OpenAPIResponder.respond()
        case .contacts(let contactsRoute): contacts.respond(to: contactsRoute, request, context, dependencies)
        }
    }
}
