import HTTPServer

/// The routes an operator or a load balancer calls on the API's port; none needs a user.
/// `/metrics` is not one of them: it has a listener of its own (`MetricsRouter`).
public enum OperationalRoute: Equatable, Sendable {
    case health
    case healthReady
    case openAPI

    static let healthPath: PathTemplate = "/health"
    static let healthReadyPath: PathTemplate = "/health/ready"
    static let openAPIPath: PathTemplate = "/openapi.json"

    static let endpoints: [Endpoint<OperationalRoute>] = [
        Endpoint(.get, OperationalRoute.healthPath) { _ in .health },
        Endpoint(.get, OperationalRoute.healthReadyPath) { _ in .healthReady },
        Endpoint(.get, OperationalRoute.openAPIPath) { _ in .openAPI },
    ]

    public var path: String {
        switch self {
        case .health: OperationalRoute.healthPath.path()
        case .healthReady: OperationalRoute.healthReadyPath.path()
        case .openAPI: OperationalRoute.openAPIPath.path()
        }
    }
}

extension OperationalRoute {
    /// Answers this route; the operational routes have no VIP stack, only a Responder each.
    func respond(context: RequestContext, dependencies: Dependencies) -> HTTPResponse {
        switch self {
        case .health: HealthResponder.respond()
        case .healthReady: ReadinessResponder.respond(gateway: dependencies.gateway, context: context)
        case .openAPI: OpenAPIResponder.respond()
        }
    }
}
