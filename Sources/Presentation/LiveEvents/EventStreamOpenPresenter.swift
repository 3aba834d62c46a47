import Domain

/// Reads a stream request's resume point and words who may open it.
public final class EventStreamOpenPresenter: EventStreamOpenUseCaseOutput, StorageFailurePresenter {
    private let useCase: EventStreamOpenUseCase
    private let output: any EventStreamOpenPresenterOutput
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }
    private var resumeAfter: Int64?

    public init(useCase: EventStreamOpenUseCase, output: any EventStreamOpenPresenterOutput, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    /// Opens with a ticket (`ticket`) or the bearer session's `tokenDigest`; `lastEventID` is the
    /// `Last-Event-ID` field or `lastEventId` parameter as sent.
    public func eventOpen(ticket: String?, tokenDigest: String?, lastEventID: String?) {
        if let lastEventID {
            guard let position = Self.position(lastEventID) else {
                output.showMalformedInput(messages.invalidLastEventID())
                return
            }
            resumeAfter = position
        }
        if let ticket {
            useCase.eventOpen(ticket: ticket, output: self)
        } else if let tokenDigest {
            useCase.eventOpen(tokenDigest: tokenDigest, output: self)
        } else {
            output.showUnauthorized(messages.unauthorized())
        }
    }

    public func presentSubscription(_ subscription: LiveEventSubscription) {
        let language = subscription.language.flatMap(Language.init(rawValue:)) ?? messages.language
        output.showStream(EventStreamViewModel(subscription: subscription, resumeAfter: resumeAfter, language: language))
    }

    public func presentUnauthorized() { output.showUnauthorized(messages.unauthorized()) }

    /// A decimal event id, 0 through `Int64.max`, digits only: no sign, no space.
    static func position(_ text: String) -> Int64? {
        guard !text.isEmpty, text.utf8.count <= 19, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int64(text)
    }
}

/// The stream to open: whose, with which session, from where, in which language.
public struct EventStreamViewModel: Equatable, Sendable {
    public let subscription: LiveEventSubscription
    /// The event id to resume after; nil: from the user's newest position.
    public let resumeAfter: Int64?
    public let language: Language

    public init(subscription: LiveEventSubscription, resumeAfter: Int64?, language: Language) {
        self.subscription = subscription
        self.resumeAfter = resumeAfter
        self.language = language
    }
}

/// What opening a stream shows: the stream, or why not.
public protocol EventStreamOpenPresenterOutput: ProblemPresenterOutput, UnauthorizedPresenterOutput {
    /// Open the stream.
    func showStream(_ stream: EventStreamViewModel)
}
