import HTTPServer

/// Hands each orders route to its scene in the Connector, with the raw inputs it needs.
struct OrdersRouter {
    func respond(to route: OrdersRoute, _ request: HTTPRequest, _ connector: OrdersConnector) -> HTTPResponse {
        switch route {
        case .list:
            let query = QueryParameters(request.query)
            return connector.list(status: query["status"], sort: query["sort"], limit: query["limit"], cursor: query["cursor"])
        case .create: return connector.create(request)
        case .show(let id): return connector.show(id: id)
        case .cancel(let id): return connector.cancel(id: id, request)
        }
    }
}
