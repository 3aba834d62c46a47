import HTTPServer

/// Hands each transactions route to its scene in the Connector, with the raw inputs it needs.
struct TransactionsRouter {
    func respond(to route: TransactionsRoute.Open, _ request: HTTPRequest, _ connector: TransactionsConnector) -> HTTPResponse {
        switch route {
        case .sorted(let selection): connector.sorted(selection: selection, request)
        }
    }

    func respond(to route: TransactionsRoute.SignedIn, _ request: HTTPRequest, _ connector: TransactionsConnector, user: AuthenticatedUser)
        -> HTTPResponse
    {
        let query = QueryParameters(request.query)
        switch route {
        case .list(let accountID):
            return connector.list(
                accountID: accountID, group: query["group"], from: query["from"], to: query["to"], limit: query["limit"],
                cursor: query["cursor"], user: user)
        }
    }
}
