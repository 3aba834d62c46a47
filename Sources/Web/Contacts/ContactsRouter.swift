import HTTPServer

/// Hands each contacts route to its scene in the Connector, with the raw inputs it needs.
struct ContactsRouter {
    func respond(to route: ContactsRoute, _ request: HTTPRequest, _ connector: ContactsConnector) -> HTTPResponse {
        switch route {
        case .list:
            let query = QueryParameters(request.query)
            return connector.list(query: query["q"], limit: query["limit"], cursor: query["cursor"])
        case .create: return connector.create(request)
        case .show(let id): return connector.show(id: id)
        case .update(let id): return connector.update(id: id, request)
        case .delete(let id): return connector.delete(id: id)
        }
    }
}
