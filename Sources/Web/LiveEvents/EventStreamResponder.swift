import HTTPServer
import Presentation

/// Renders an opened stream as a `text/event-stream` response whose body the hub pushes, or the
/// cap that refused it.
final class EventStreamResponder: SceneResponder, EventStreamOpenPresenterOutput {
    /// How long a client refused for the server's stream cap waits.
    static let busyRetryAfter = 5
    private let hub: LiveEventHub

    init(context: RequestContext, hub: LiveEventHub) {
        self.hub = hub
        super.init(context: context)
    }

    func showStream(_ stream: EventStreamViewModel) {
        switch hub.open(stream) {
        case .opened(let channel):
            // `X-Accel-Buffering: no`: nginx passes each event on as it comes, whatever its
            // location's buffering says.
            response = HTTPResponse(
                status: .ok,
                headers: [
                    "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no",
                    // A ticket's language, which may not be this request's (`ContentLanguage` keeps it).
                    "Content-Language": stream.language.rawValue,
                ],
                push: channel)
        case .userAtCapacity(let limit):
            showProblem(context.messages.tooManyStreams(limit: limit))
        case .serverAtCapacity:
            showServerBusy(context.messages.streamsBusy(retryAfter: Self.busyRetryAfter), retryAfter: Self.busyRetryAfter)
        }
    }
}
