import HTTPServer

/// The existing report clients' listing, `GET /api/sortedTransactions/{authorized|posted|all}`.
///
/// It is an open route on purpose: who may call it is decided per request by the Connector,
/// because it depends on configuration — with a bearer token it serves the token's user's first
/// account; without one, only the account named by `--public-report-account`, and 401 when the
/// operator named none (the default). Declaring it once as open keeps one route table whatever
/// the configuration, so `/openapi.json` and `Allow` never change with a flag.
public enum SortedTransactionsRoute: Equatable, Sendable {
    case list(selection: String)

    static let sortedTransactions: PathTemplate = "/api/sortedTransactions/{selection}"

    static let endpoints: [Endpoint<SortedTransactionsRoute>] = [
        Endpoint(.get, sortedTransactions) { .list(selection: $0["selection"]) }
    ]

    public var path: String {
        switch self {
        case .list(let selection): Self.sortedTransactions.path(selection)
        }
    }
}
