/// Every route of the API: operational ones, and each feature's routes wrapped.
public enum AppRoute: Equatable, Sendable {
    case health
    case healthReady
    case metrics
    case openAPI
    case contacts(ContactsRoute)
    case users(UsersRoute)
    case sessions(SessionsRoute)

    public var path: String {
        switch self {
        case .health: "/health"
        case .healthReady: "/health/ready"
        case .metrics: "/metrics"
        case .openAPI: "/openapi.json"
        case .contacts(let route): route.path
        case .users(let route): route.path
        case .sessions(let route): route.path
        }
    }

    /// Whether the route needs `Authorization: Bearer …`; registration and login do not.
    public var requiresAuthentication: Bool {
        switch self {
        case .health, .healthReady, .metrics, .openAPI, .users(.register), .sessions(.create): false
        case .contacts, .users(.me), .sessions(.deleteCurrent): true
        }
    }

    public var template: String {
        switch self {
        case .contacts(let route): route.template
        default: path
        }
    }
}
