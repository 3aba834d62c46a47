import HTTPServer

/// Matches `/v1/contacts…` and hands each route to its scene's Connector.
struct ContactsRouter {
    /// Method and template of every route, for the OpenAPI check.
    static let table: [(HTTPMethod, String)] = [
        (.get, "/v1/contacts"), (.post, "/v1/contacts"),
        (.get, "/v1/contacts/{id}"), (.patch, "/v1/contacts/{id}"), (.delete, "/v1/contacts/{id}"),
    ]

    func match(_ method: HTTPMethod, _ path: PathSegments) -> RouteMatch<ContactsRoute> {
        let segments = path.segments
        guard segments.count >= 2, segments[0] == "v1", segments[1] == "contacts" else { return .noMatch }
        switch (segments.count, method) {
        case (2, .get), (2, .head): return .route(.list)
        case (2, .post): return .route(.create)
        case (2, _): return .methodNotAllowed(allow: [.get, .post])
        case (3, .get), (3, .head): return .route(.show(id: segments[2]))
        case (3, .patch): return .route(.update(id: segments[2]))
        case (3, .delete): return .route(.delete(id: segments[2]))
        case (3, _): return .methodNotAllowed(allow: [.get, .patch, .delete])
        default: return .noMatch
        }
    }

    func respond(to route: ContactsRoute, _ request: HTTPRequest, _ context: RequestContext, _ user: AuthenticatedUser, _ dependencies: Dependencies) -> HTTPResponse {
        switch route {
        case .list:
            let query = QueryParameters(request.query)
            return ContactListConnector(dependencies: dependencies, context: context, user: user)
                .respond(query: query["q"], limit: query["limit"], cursor: query["cursor"])
        case .create:
            return ContactCreateConnector(dependencies: dependencies, context: context, user: user).respond(to: request)
        case .show(let id):
            return ContactShowConnector(dependencies: dependencies, context: context, user: user).respond(id: id)
        case .update(let id):
            return ContactUpdateConnector(dependencies: dependencies, context: context, user: user).respond(id: id, to: request)
        case .delete(let id):
            return ContactDeleteConnector(dependencies: dependencies, context: context, user: user).respond(id: id)
        }
    }
}
