import HTTPServer

extension Array {
    /// Every endpoint of a child router, wrapped for its parent.
    func wrapped<Route, Parent>(_ wrap: @escaping @Sendable (Route) -> Parent) -> [Endpoint<Parent>] where Element == Endpoint<Route> {
        map { $0.map(wrap) }
    }
}
