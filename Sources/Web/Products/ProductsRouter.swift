import HTTPServer

/// Hands each catalog route to its scene in the Connector, with the raw inputs it needs.
struct ProductsRouter {
    func respond(to route: ProductsRoute, _ request: HTTPRequest, _ connector: ProductsConnector) -> HTTPResponse {
        switch route {
        case .list:
            let query = QueryParameters(request.query)
            return connector.list(limit: query["limit"], cursor: query["cursor"])
        case .show(let id): return connector.show(id: id)
        }
    }
}
