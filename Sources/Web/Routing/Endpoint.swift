import HTTPServer

/// One method on one path template, and how its parameters become a route value: the only
/// place a route's method and path are written.
public struct Endpoint<Route>: Sendable {
    public let method: HTTPMethod
    public let template: PathTemplate
    let route: @Sendable (PathParameters) -> Route

    public init(_ method: HTTPMethod, _ template: PathTemplate, _ route: @escaping @Sendable (PathParameters) -> Route) {
        self.method = method
        self.template = template
        self.route = route
    }

    /// The same endpoint for a parent router, whose route wraps this one.
    public func map<Parent>(_ wrap: @escaping @Sendable (Route) -> Parent) -> Endpoint<Parent> {
        let route = self.route
        return Endpoint<Parent>(method, template) { wrap(route($0)) }
    }
}
