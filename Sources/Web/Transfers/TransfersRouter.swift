import HTTPServer

/// Hands each transfers route to its scene in the Connector, with the raw inputs it needs.
struct TransfersRouter {
    func respond(to route: TransfersRoute, _ request: HTTPRequest, _ connector: TransfersConnector) -> HTTPResponse {
        switch route {
        case .list:
            let query = QueryParameters(request.query)
            return connector.list(limit: query["limit"], cursor: query["cursor"])
        case .create: return connector.create(request)
        case .show(let id): return connector.show(id: id)
        case .createDraft: return connector.createDraft(request)
        case .showDraft(let id): return connector.showDraft(id: id)
        case .updateDraft(let id): return connector.updateDraft(id: id, request)
        case .deleteDraft(let id): return connector.deleteDraft(id: id)
        case .submitDraft(let id): return connector.submitDraft(id: id, request)
        }
    }
}
