import HTTPServer

/// The orders feature's routes, all for a signed-in user; each prints its own path.
public enum OrdersRoute: Equatable, Sendable {
    case list
    case create
    case show(id: String)
    case cancel(id: String)

    static let orders: PathTemplate = "/v1/orders"
    static let order: PathTemplate = "/v1/orders/{id}"
    static let cancellation: PathTemplate = "/v1/orders/{id}/cancel"

    static let endpoints: [Endpoint<OrdersRoute>] = [
        Endpoint(.get, orders) { _ in .list },
        Endpoint(.post, orders) { _ in .create },
        Endpoint(.get, order) { .show(id: $0["id"]) },
        Endpoint(.post, cancellation) { .cancel(id: $0["id"]) },
    ]

    /// The path of the resource this route acts on.
    public var path: String {
        switch self {
        case .list, .create: Self.orders.path()
        case .show(let id): Self.order.path(id)
        case .cancel(let id): Self.cancellation.path(id)
        }
    }
}

extension OrdersRoute {
    /// Hands this route to its scene in `connector`, with the raw inputs the scene reads.
    func respond(to request: HTTPRequest, with connector: OrdersConnector) -> HTTPResponse {
        switch self {
        case .list:
            let query = QueryParameters(request.query)
            return connector.list(status: query["status"], sort: query["sort"], limit: query["limit"], cursor: query["cursor"])
        case .create: return connector.create(request)
        case .show(let id): return connector.show(id: id)
        case .cancel(let id): return connector.cancel(id: id, request)
        }
    }
}
