import HTTPServer

/// Hands the compatibility route to its scene in the Connector.
struct SortedTransactionsRouter {
    func respond(to route: SortedTransactionsRoute, _ request: HTTPRequest, _ connector: SortedTransactionsConnector) -> HTTPResponse {
        switch route {
        case .list(let selection): connector.list(selection: selection, request)
        }
    }
}
