import Domain

/// Words the outcome of asking for a stream ticket.
public final class EventTicketCreatePresenter: EventTicketCreateUseCaseOutput, StorageFailurePresenter {
    private let useCase: EventTicketCreateUseCase
    private let output: any EventTicketCreatePresenterOutput
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: EventTicketCreateUseCase, output: any EventTicketCreatePresenterOutput, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    /// The stream the ticket opens speaks the language this request was answered in.
    public func eventCreate(tokenDigest: String) {
        useCase.eventCreate(tokenDigest: tokenDigest, language: messages.language.rawValue, output: self)
    }

    public func presentTicket(_ ticket: EventTicketPresentationModel) { output.show(EventTicketViewModel(ticket)) }
    public func presentUnauthorized() { output.showUnauthorized(messages.unauthorized()) }
    public func presentRateLimited(retryAfter: Int) {
        output.showRateLimited(messages.rateLimited(.ticketsRateLimitedDetail, retryAfter: retryAfter), retryAfter: retryAfter)
    }
}

/// What the ticket scene shows: the ticket, or why not.
public protocol EventTicketCreatePresenterOutput: ViewModelPresenterOutput<EventTicketViewModel> {
    /// The session holds its most tickets (429), with the wait in whole seconds.
    func showRateLimited(_ problem: ProblemViewModel, retryAfter: Int)
}
