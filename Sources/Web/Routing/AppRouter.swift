import Domain
import Foundation
import HTTPServer
import Presentation

/// The root of the router tree: matches a request against every feature's endpoints,
/// authenticates the signed-in routes, hands each route to its feature's Route, which dispatches it to its scene,
/// and answers in one place what nobody handles (401, 404, 405 with `Allow`); then applies the
/// response policies every answer shares (language fields, 304, CORS).
public struct AppRouter: Sendable {
    static let table = RouteTable(AppRoute.endpoints)

    private let dependencies: Dependencies
    private let policies: ResponsePolicies
    /// Whether `/` and `/app/…` serve the web client (`--web-app`); off, both are 404.
    private let webApp: Bool

    public init(dependencies: Dependencies, policies: ResponsePolicies = ResponsePolicies(), webApp: Bool = false) {
        self.dependencies = dependencies
        self.policies = policies
        self.webApp = webApp
    }

    /// Method and template of every route the server serves (`HEAD` and `OPTIONS` implied).
    public static var routeTable: [(method: HTTPMethod, template: String)] {
        table.operations.map { (method: $0.method, template: $0.template.description) }
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let started = DispatchTime.now().uptimeNanoseconds
        var request = request
        PercentEncodedEntityTags.decode(&request)
        let context = RequestContext(
            requestID: request.requestID,
            language: Language.negotiate(acceptLanguage: request.headers["Accept-Language"]),
            clientAddress: request.remoteAddress, ipv6PrefixLength: dependencies.ipv6PrefixLength, logger: dependencies.logger)
        let (routed, template, localized) = route(request, context)
        var response = routed
        policies.apply(to: &response, for: request, language: context.language, localized: localized)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds &- started) / 1e9
        // Clients choose method tokens freely; only implemented ones may become label values
        // (the server refuses the rest with 501 before routing, so this is a second guard).
        let method = request.method.isImplemented ? request.method.rawValue : "other"
        dependencies.metrics.record(method: method, route: template, status: response.status.code, seconds: seconds)
        return response
    }

    /// The response, the template metrics count it under, and whether it is worded in the
    /// client's language (everything but the operational routes' fixed bodies).
    private func route(_ request: HTTPRequest, _ context: RequestContext) -> (HTTPResponse, String, localized: Bool) {
        if request.path == "*" { return (ServerOptions.response, "*", false) }
        if let problem = TargetEncoding.problem(request, context: context) { return (problem, "unmatched", true) }
        if webApp && WebAppResponder.handles(request.path) {
            // The files are the same in every language; the client asks the API in its own.
            let response = WebAppResponder.respond(to: request, context: context)
            return (response, request.path == "/" ? "/" : "/app/{file}", response.status.code != 200)
        }
        switch Self.table.match(request.method, PathSegments(request.path)) {
        case .route(.open(let route), let template):
            // Health, metrics and the OpenAPI document are the same in every language.
            let localized = if case .operational = route { false } else { true }
            return (respond(to: route, request, context), template.description, localized)
        case .route(.signedIn(let route), let template):
            switch RequestAuthentication.authenticate(request, with: dependencies.authenticator) {
            case .success(let user): return (limited(route, request, context, user), template.description, true)
            case .failure(let refusal): return (refusal.response(context: context), template.description, true)
            }
        case .methodNotAllowed(let allow, let template):
            return (RootProblems.methodNotAllowed(request, allow: allow, context: context), template.description, true)
        case .noMatch:
            return (RootProblems.notFound(request, context: context), "unmatched", true)
        }
    }

    private func respond(to route: OpenRoute, _ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        switch route {
        case .operational(let route):
            route.respond(context: context, dependencies: dependencies)
        case .users(let route):
            route.respond(to: request, with: UsersConnector(dependencies: dependencies, context: context))
        case .sessions(let route):
            route.respond(to: request, with: SessionsConnector(dependencies: dependencies, context: context))
        case .transactions(let route):
            route.respond(to: request, with: TransactionsConnector(dependencies: dependencies, context: context))
        case .liveEvents(let route):
            route.respond(to: request, with: LiveEventsConnector(dependencies: dependencies, context: context))
        }
    }

    /// A signed-in route under the user's rate of changes (`WriteThrottle`): refused 429 past it,
    /// and answered with the `RateLimit` fields either way.
    private func limited(_ route: SignedInRoute, _ request: HTTPRequest, _ context: RequestContext, _ user: AuthenticatedUser) -> HTTPResponse {
        guard let kind = RateLimitFields.kind(of: route, method: request.method),
            let decision = dependencies.writeThrottle.take(kind, user: user.id, now: dependencies.clock.now())
        else { return respond(to: route, request, context, user) }
        guard decision.state.taken else { return RateLimitFields.refusal(decision, context: context) }
        var response = respond(to: route, request, context, user)
        RateLimitFields.apply(decision, to: &response)
        return response
    }

    private func respond(to route: SignedInRoute, _ request: HTTPRequest, _ context: RequestContext, _ user: AuthenticatedUser) -> HTTPResponse {
        switch route {
        case .contacts(let route):
            route.respond(to: request, with: ContactsConnector(dependencies: dependencies, context: context, user: user))
        case .users(let route):
            route.respond(to: request, with: UsersConnector(dependencies: dependencies, context: context), user: user)
        case .sessions(let route):
            route.respond(with: SessionsConnector(dependencies: dependencies, context: context), user: user)
        case .products(let route):
            route.respond(to: request, with: ProductsConnector(dependencies: dependencies, context: context))
        case .orders(let route):
            route.respond(to: request, with: OrdersConnector(dependencies: dependencies, context: context, user: user))
        case .accounts(let route):
            route.respond(to: request, with: AccountsConnector(dependencies: dependencies, context: context, user: user))
        case .transfers(let route):
            route.respond(to: request, with: TransfersConnector(dependencies: dependencies, context: context, user: user))
        case .transactions(let route):
            route.respond(to: request, with: TransactionsConnector(dependencies: dependencies, context: context), user: user)
        case .liveEvents(let route):
            route.respond(with: LiveEventsConnector(dependencies: dependencies, context: context), user: user)
        }
    }
}
