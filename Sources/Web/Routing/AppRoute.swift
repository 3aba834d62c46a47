/// Every route of the API: operational ones, and each feature's routes wrapped.
public enum AppRoute: Equatable, Sendable {
    case health
    case healthReady
    case metrics
    case openAPI
    case contacts(ContactsRoute)

    public var path: String {
        switch self {
        case .health: "/health"
        case .healthReady: "/health/ready"
        case .metrics: "/metrics"
        case .openAPI: "/openapi.json"
        case .contacts(let route): route.path
        }
    }

    public var template: String {
        switch self {
        case .contacts(let route): route.template
        default: path
        }
    }
}
