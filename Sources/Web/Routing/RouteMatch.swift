import HTTPServer

/// What a route table made of a method and path.
public enum RouteMatch<Route> {
    /// The route, and the template it matched (what metrics count it under).
    case route(Route, template: PathTemplate)
    /// The path exists but not for this method; the methods it has.
    case methodNotAllowed(allow: [HTTPMethod], template: PathTemplate)
    /// No template has this path's shape: 404.
    case noMatch
}
