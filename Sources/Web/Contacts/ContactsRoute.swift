import HTTPServer

/// The contacts feature's routes, all for a signed-in user; each prints its own path, so links
/// are built from values.
public enum ContactsRoute: Equatable, Sendable {
    case list
    case create
    case show(id: String)
    case update(id: String)
    case delete(id: String)

    static let contacts: PathTemplate = "/v1/contacts"
    static let contact: PathTemplate = "/v1/contacts/{id}"

    static let endpoints: [Endpoint<ContactsRoute>] = [
        Endpoint(.get, contacts) { _ in .list },
        Endpoint(.post, contacts) { _ in .create },
        Endpoint(.get, contact) { .show(id: $0["id"]) },
        Endpoint(.patch, contact) { .update(id: $0["id"]) },
        Endpoint(.delete, contact) { .delete(id: $0["id"]) },
    ]

    /// The path of the resource this route acts on.
    public var path: String {
        switch self {
        case .list, .create: Self.contacts.path()
        case .show(let id), .update(let id), .delete(let id): Self.contact.path(id)
        }
    }
}

extension ContactsRoute {
    /// Hands this route to its scene in `connector`, with the raw inputs the scene reads.
    func respond(to request: HTTPRequest, with connector: ContactsConnector) -> HTTPResponse {
        switch self {
        case .list:
            let query = QueryParameters(request.query)
            return connector.list(query: query["q"], limit: query["limit"], cursor: query["cursor"])
        case .create: return connector.create(request)
        case .show(let id): return connector.show(id: id)
        case .update(let id): return connector.update(id: id, request)
        case .delete(let id): return connector.delete(id: id)
        }
    }
}
