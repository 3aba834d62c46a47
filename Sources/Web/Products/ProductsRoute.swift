import HTTPServer

/// The catalog's routes, for a signed-in user; each prints its own path.
public enum ProductsRoute: Equatable, Sendable {
    case list
    case show(id: String)

    static let products: PathTemplate = "/v1/products"
    static let product: PathTemplate = "/v1/products/{id}"

    static let endpoints: [Endpoint<ProductsRoute>] = [
        Endpoint(.get, products) { _ in .list },
        Endpoint(.get, product) { .show(id: $0["id"]) },
    ]

    /// The path of the resource this route acts on.
    public var path: String {
        switch self {
        case .list: Self.products.path()
        case .show(let id): Self.product.path(id)
        }
    }
}

extension ProductsRoute {
    /// Hands this route to its scene in `connector`, with the raw inputs the scene reads.
    func respond(to request: HTTPRequest, with connector: ProductsConnector) -> HTTPResponse {
        switch self {
        case .list:
            let query = QueryParameters(request.query)
            return connector.list(limit: query["limit"], cursor: query["cursor"])
        case .show(let id): return connector.show(id: id)
        }
    }
}
