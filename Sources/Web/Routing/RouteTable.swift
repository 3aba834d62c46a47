import HTTPServer

/// Matches a method and path against a set of endpoints: the route, or 405 with the methods the
/// path has, or no match. Built once from the endpoints the features declare.
public struct RouteTable<Route>: Sendable {
    /// One path template and the methods it answers.
    struct Resource: Sendable {
        let template: PathTemplate
        var endpoints: [Endpoint<Route>]

        var methods: [HTTPMethod] { endpoints.map(\.method) }
    }

    private let resources: [Resource]

    public init(_ endpoints: [Endpoint<Route>]) {
        var resources: [Resource] = []
        for endpoint in endpoints {
            if let index = resources.firstIndex(where: { $0.template == endpoint.template }) {
                resources[index].endpoints.append(endpoint)
            } else {
                resources.append(Resource(template: endpoint.template, endpoints: [endpoint]))
            }
        }
        // `/v1/sessions/current` must win over a `/v1/sessions/{id}` declared before it.
        self.resources = resources.enumerated()
            .sorted { ($0.element.template.parameterCount, $0.offset) < ($1.element.template.parameterCount, $1.offset) }
            .map(\.element)
    }

    /// Every method and template served (`HEAD` and `OPTIONS` implied), in declaration order of
    /// the templates.
    public var operations: [(method: HTTPMethod, template: PathTemplate)] {
        resources.flatMap { resource in resource.endpoints.map { (method: $0.method, template: resource.template) } }
    }

    public func match(_ method: HTTPMethod, _ path: PathSegments) -> RouteMatch<Route> {
        for resource in resources {
            guard let parameters = resource.template.match(path) else { continue }
            let wanted = method == .head ? HTTPMethod.get : method
            guard let endpoint = resource.endpoints.first(where: { $0.method == wanted }) else {
                return .methodNotAllowed(allow: resource.methods, template: resource.template)
            }
            return .route(endpoint.route(parameters), template: resource.template)
        }
        return .noMatch
    }
}
