import HTTPServer

/// The accounts feature's routes, all for a signed-in user: accounts and the banking report;
/// each prints its own path (an account's transactions are `TransactionsRoute`'s).
public enum AccountsRoute: Equatable, Sendable {
    case list
    case create
    case show(id: String)
    case report(id: String)

    static let accounts: PathTemplate = "/v1/accounts"
    static let account: PathTemplate = "/v1/accounts/{id}"
    static let accountReport: PathTemplate = "/v1/accounts/{id}/report"

    static let endpoints: [Endpoint<AccountsRoute>] = [
        Endpoint(.get, accounts) { _ in .list },
        Endpoint(.post, accounts) { _ in .create },
        Endpoint(.get, account) { .show(id: $0["id"]) },
        Endpoint(.get, accountReport) { .report(id: $0["id"]) },
    ]

    /// The path of the resource this route acts on.
    public var path: String {
        switch self {
        case .list, .create: Self.accounts.path()
        case .show(let id): Self.account.path(id)
        case .report(let id): Self.accountReport.path(id)
        }
    }
}

extension AccountsRoute {
    /// Hands this route to its scene in `connector`, with the raw inputs the scene reads.
    func respond(to request: HTTPRequest, with connector: AccountsConnector) -> HTTPResponse {
        let query = QueryParameters(request.query)
        switch self {
        case .list: return connector.list(limit: query["limit"], cursor: query["cursor"])
        case .create: return connector.create(request)
        case .show(let id): return connector.show(id: id)
        case .report(let id): return connector.report(id: id, from: query["from"], to: query["to"])
        }
    }
}
