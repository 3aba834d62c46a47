import HTTPServer

/// The transactions feature's routes, by who may call them: an account's listing, and the
/// existing report clients' listing.
public enum TransactionsRoute {
    static let accountTransactions: PathTemplate = "/v1/accounts/{id}/transactions"
    static let sortedTransactions: PathTemplate = "/api/sortedTransactions/{selection}"
    static let transaction: PathTemplate = "/v1/transactions/{id}"

    /// The report clients' listing, `GET /api/sortedTransactions/{authorized|posted|all}`.
    ///
    /// It is an open route on purpose: who may call it is decided per request by the Connector,
    /// because it depends on configuration — with a bearer token it serves the token's user's
    /// first account; without one, only the account named by `--public-report-account`, and 401
    /// when the operator named none (the default). Declaring it once as open keeps one route
    /// table whatever the configuration, so `/openapi.json` and `Allow` never change with a flag.
    public enum Open: Equatable, Sendable {
        case sorted(selection: String)

        static let endpoints: [Endpoint<Open>] = [
            Endpoint(.get, TransactionsRoute.sortedTransactions) { .sorted(selection: $0["selection"]) }
        ]

        /// The path of the resource this route acts on.
        public var path: String {
            switch self {
            case .sorted(let selection): TransactionsRoute.sortedTransactions.path(selection)
            }
        }
    }

    /// Routes for a signed-in user: a page of one of their accounts' transactions.
    public enum SignedIn: Equatable, Sendable {
        case list(accountID: String)
        case show(id: String)

        static let endpoints: [Endpoint<SignedIn>] = [
            Endpoint(.get, TransactionsRoute.accountTransactions) { .list(accountID: $0["id"]) },
            Endpoint(.get, TransactionsRoute.transaction) { .show(id: $0["id"]) },
        ]

        /// The path of the resource this route acts on.
        public var path: String {
            switch self {
            case .list(let accountID): TransactionsRoute.accountTransactions.path(accountID)
            case .show(let id): TransactionsRoute.transaction.path(id)
            }
        }
    }
}

extension TransactionsRoute.Open {
    /// Hands this route to its scene in `connector`, with the raw inputs the scene reads.
    func respond(to request: HTTPRequest, with connector: TransactionsConnector) -> HTTPResponse {
        switch self {
        case .sorted(let selection): connector.sorted(selection: selection, request)
        }
    }
}

extension TransactionsRoute.SignedIn {
    /// Hands this route to its scene in `connector`, with the raw inputs the scene reads.
    func respond(to request: HTTPRequest, with connector: TransactionsConnector, user: AuthenticatedUser) -> HTTPResponse {
        let query = QueryParameters(request.query)
        switch self {
        case .list(let accountID):
            return connector.list(
                accountID: accountID, group: query["group"], from: query["from"], to: query["to"], limit: query["limit"],
                cursor: query["cursor"], user: user)
        case .show(let id): return connector.show(id: id, user: user)
        }
    }
}
