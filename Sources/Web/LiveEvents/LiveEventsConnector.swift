import Domain
import HTTPServer
import Presentation

/// Assembles the live-events scenes for one request: opening a stream, and its tickets.
struct LiveEventsConnector {
    let dependencies: Dependencies
    let context: RequestContext

    /// `GET /v1/events`: a `ticket` in the query, else the bearer token; the resume point from
    /// `Last-Event-ID`, else the `lastEventId` parameter (for clients that cannot set fields).
    func stream(_ request: HTTPRequest) -> HTTPResponse {
        let query = QueryParameters(request.query)
        let ticket = query["ticket"]
        var tokenDigest: String?
        if ticket == nil {
            switch RequestAuthentication.authenticate(request, with: dependencies.authenticator) {
            case .success(let user): tokenDigest = user.tokenDigest
            case .failure(let refusal): return refusal.response(context: context)
            }
        }
        let responder = EventStreamResponder(context: context, hub: dependencies.liveEvents)
        let useCase = EventStreamOpenUseCase(sessions: dependencies.gateway.sessions, tokens: dependencies.tokens, clock: dependencies.clock)
        EventStreamOpenPresenter(useCase: useCase, output: responder, messages: context.messages)
            .eventOpen(ticket: ticket, tokenDigest: tokenDigest, lastEventID: request.headers["Last-Event-ID"] ?? query["lastEventId"])
        return responder.response
    }

    /// `POST /v1/events/tickets`: no body is read.
    func createTicket(user: AuthenticatedUser) -> HTTPResponse {
        let responder = ViewModelResponder<EventTicketViewModel>(context: context) {
            JSONBody.response(.created, $0, headers: ["Cache-Control": "no-store"])
        }
        let useCase = EventTicketCreateUseCase(
            sessions: dependencies.gateway.sessions, tokens: dependencies.tokens, clock: dependencies.clock, policy: dependencies.liveEventPolicy)
        EventTicketCreatePresenter(useCase: useCase, output: responder, messages: context.messages).eventCreate(tokenDigest: user.tokenDigest)
        return responder.response
    }
}

extension ViewModelResponder: EventTicketCreatePresenterOutput where ViewModel == EventTicketViewModel {}
