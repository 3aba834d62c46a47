import HTTPServer

/// Hands each accounts route to its scene in the Connector, with the raw inputs it needs.
struct AccountsRouter {
    func respond(to route: AccountsRoute, _ request: HTTPRequest, _ connector: AccountsConnector) -> HTTPResponse {
        let query = QueryParameters(request.query)
        switch route {
        case .list: return connector.list(limit: query["limit"], cursor: query["cursor"])
        case .create: return connector.create(request)
        case .show(let id): return connector.show(id: id)
        case .report(let id): return connector.report(id: id, from: query["from"], to: query["to"])
        }
    }
}
