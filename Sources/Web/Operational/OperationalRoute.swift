import HTTPServer

/// The routes an operator or a load balancer calls; none needs a user.
public enum OperationalRoute: Equatable, Sendable {
    case health
    case healthReady
    case metrics
    case openAPI

    static let healthPath: PathTemplate = "/health"
    static let healthReadyPath: PathTemplate = "/health/ready"
    static let metricsPath: PathTemplate = "/metrics"
    static let openAPIPath: PathTemplate = "/openapi.json"

    static let endpoints: [Endpoint<OperationalRoute>] = [
        Endpoint(.get, OperationalRoute.healthPath) { _ in .health },
        Endpoint(.get, OperationalRoute.healthReadyPath) { _ in .healthReady },
        Endpoint(.get, OperationalRoute.metricsPath) { _ in .metrics },
        Endpoint(.get, OperationalRoute.openAPIPath) { _ in .openAPI },
    ]

    public var path: String {
        switch self {
        case .health: OperationalRoute.healthPath.path()
        case .healthReady: OperationalRoute.healthReadyPath.path()
        case .metrics: OperationalRoute.metricsPath.path()
        case .openAPI: OperationalRoute.openAPIPath.path()
        }
    }
}
