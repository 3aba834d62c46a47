import HTTPServer

/// Matches `/v1/users`, `/v1/me`, `/v1/sessions…` and hands each route to its Connector.
struct UsersRouter {
    static let table: [(HTTPMethod, String)] = [
        (.post, "/v1/users"), (.get, "/v1/me"), (.post, "/v1/sessions"), (.delete, "/v1/sessions/current"),
    ]

    enum Route: Equatable {
        case users(UsersRoute)
        case sessions(SessionsRoute)
    }

    func match(_ method: HTTPMethod, _ path: PathSegments) -> RouteMatch<Route> {
        switch (path.segments, method) {
        case (["v1", "users"], .post): .route(.users(.register))
        case (["v1", "users"], _): .methodNotAllowed(allow: [.post])
        case (["v1", "me"], .get), (["v1", "me"], .head): .route(.users(.me))
        case (["v1", "me"], _): .methodNotAllowed(allow: [.get])
        case (["v1", "sessions"], .post): .route(.sessions(.create))
        case (["v1", "sessions"], _): .methodNotAllowed(allow: [.post])
        case (["v1", "sessions", "current"], .delete): .route(.sessions(.deleteCurrent))
        case (["v1", "sessions", "current"], _): .methodNotAllowed(allow: [.delete])
        default: .noMatch
        }
    }
}
