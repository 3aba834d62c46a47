import HTTPServer

/// The live-events feature's routes: the stream (a ticket or a bearer token opens it, so the
/// router does not authenticate it) and its tickets.
public enum LiveEventsRoute {
    static let events: PathTemplate = "/v1/events"
    static let tickets: PathTemplate = "/v1/events/tickets"

    /// The stream: `EventSource` cannot send `Authorization`, so the scene reads a ticket from
    /// the query or a bearer token itself.
    public enum Open: Equatable, Sendable {
        case stream

        static let endpoints: [Endpoint<Open>] = [
            Endpoint(.get, LiveEventsRoute.events) { _ in .stream },
        ]

        public var path: String { LiveEventsRoute.events.path() }
    }

    /// A signed-in session asks for a stream ticket.
    public enum SignedIn: Equatable, Sendable {
        case createTicket

        static let endpoints: [Endpoint<SignedIn>] = [
            Endpoint(.post, LiveEventsRoute.tickets) { _ in .createTicket },
        ]

        public var path: String { LiveEventsRoute.tickets.path() }
    }
}

extension LiveEventsRoute.Open {
    /// Hands this route to its scene in `connector`, with the raw inputs the scene reads.
    func respond(to request: HTTPRequest, with connector: LiveEventsConnector) -> HTTPResponse {
        switch self {
        case .stream: connector.stream(request)
        }
    }
}

extension LiveEventsRoute.SignedIn {
    /// Hands this route to its scene in `connector`.
    func respond(with connector: LiveEventsConnector, user: AuthenticatedUser) -> HTTPResponse {
        switch self {
        case .createTicket: connector.createTicket(user: user)
        }
    }
}
