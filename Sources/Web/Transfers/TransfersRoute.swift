import HTTPServer

/// The transfers feature's routes, all for a signed-in user: the one-step transfer, the sender's
/// history and cancel, the money waiting for the user (listed, claimed, declined), and the "send
/// money" flow's draft, one route per screen. Each prints its own path.
public enum TransfersRoute: Equatable, Sendable {
    case list
    case create
    case show(id: String)
    case cancel(id: String)
    case incoming
    case claim(id: String)
    case decline(id: String)
    case createDraft
    case showDraft(id: String)
    case updateDraft(id: String)
    case deleteDraft(id: String)
    case submitDraft(id: String)

    static let transfers: PathTemplate = "/v1/transfers"
    static let transfer: PathTemplate = "/v1/transfers/{id}"
    static let cancellation: PathTemplate = "/v1/transfers/{id}/cancel"
    static let incomingMoney: PathTemplate = "/v1/transfers/incoming"
    static let claiming: PathTemplate = "/v1/transfers/{id}/claim"
    static let declining: PathTemplate = "/v1/transfers/{id}/decline"
    static let drafts: PathTemplate = "/v1/transfer-drafts"
    static let draft: PathTemplate = "/v1/transfer-drafts/{id}"
    static let submission: PathTemplate = "/v1/transfer-drafts/{id}/submit"

    static let endpoints: [Endpoint<TransfersRoute>] = [
        Endpoint(.get, transfers) { _ in .list },
        Endpoint(.post, transfers) { _ in .create },
        Endpoint(.get, transfer) { .show(id: $0["id"]) },
        Endpoint(.post, cancellation) { .cancel(id: $0["id"]) },
        Endpoint(.get, incomingMoney) { _ in .incoming },
        Endpoint(.post, claiming) { .claim(id: $0["id"]) },
        Endpoint(.post, declining) { .decline(id: $0["id"]) },
        Endpoint(.post, drafts) { _ in .createDraft },
        Endpoint(.get, draft) { .showDraft(id: $0["id"]) },
        Endpoint(.patch, draft) { .updateDraft(id: $0["id"]) },
        Endpoint(.delete, draft) { .deleteDraft(id: $0["id"]) },
        Endpoint(.post, submission) { .submitDraft(id: $0["id"]) },
    ]

    /// The path of the resource this route acts on.
    public var path: String {
        switch self {
        case .list, .create: Self.transfers.path()
        case .show(let id): Self.transfer.path(id)
        case .cancel(let id): Self.cancellation.path(id)
        case .incoming: Self.incomingMoney.path()
        case .claim(let id): Self.claiming.path(id)
        case .decline(let id): Self.declining.path(id)
        case .createDraft: Self.drafts.path()
        case .showDraft(let id), .updateDraft(let id), .deleteDraft(let id): Self.draft.path(id)
        case .submitDraft(let id): Self.submission.path(id)
        }
    }
}

extension TransfersRoute {
    /// Hands this route to its scene in `connector`, with the raw inputs the scene reads.
    func respond(to request: HTTPRequest, with connector: TransfersConnector) -> HTTPResponse {
        switch self {
        case .list:
            let query = QueryParameters(request.query)
            return connector.list(limit: query["limit"], cursor: query["cursor"])
        case .create: return connector.create(request)
        case .show(let id): return connector.show(id: id)
        case .cancel(let id): return connector.cancel(id: id, request)
        case .incoming:
            let query = QueryParameters(request.query)
            return connector.incoming(limit: query["limit"], cursor: query["cursor"])
        case .claim(let id): return connector.claim(id: id, request)
        case .decline(let id): return connector.decline(id: id, request)
        case .createDraft: return connector.createDraft(request)
        case .showDraft(let id): return connector.showDraft(id: id)
        case .updateDraft(let id): return connector.updateDraft(id: id, request)
        case .deleteDraft(let id): return connector.deleteDraft(id: id)
        case .submitDraft(let id): return connector.submitDraft(id: id, request)
        }
    }
}
