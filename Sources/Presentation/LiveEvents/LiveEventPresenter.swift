import Domain

/// Words a stream's next events (or why it cannot replay) in the stream's language.
public final class LiveEventPresenter: LiveEventsReadUseCaseOutput {
    private let output: any LiveEventPresenterOutput
    public let messages: Messages

    public init(output: any LiveEventPresenterOutput, messages: Messages) {
        self.output = output
        self.messages = messages
    }

    public func presentEvents(_ events: [LiveEventPresentationModel]) {
        output.showEvents(events.map { LiveEventViewModel($0, messages: messages) })
    }

    public func presentGap(_ gap: LiveEventGap, position: Int64) {
        output.showReset(LiveEventResetViewModel(gap, position: position, messages: messages))
    }

    public func presentPosition(_ position: Int64) {
        output.showPosition(position)
    }

    public func presentStorageUnavailable() { output.showStorageTrouble() }
    public func presentStorageFailure() { output.showStorageTrouble() }
}

/// Where a stream's events go: the stream itself.
public protocol LiveEventPresenterOutput: AnyObject {
    /// The events to send, in order.
    func showEvents(_ events: [LiveEventViewModel])
    /// The stream could not replay; it carries on from `reset.position`.
    func showReset(_ reset: LiveEventResetViewModel)
    /// The user's newest position.
    func showPosition(_ position: Int64)
    /// Storage did not answer: the stream tries again on its next wake-up.
    func showStorageTrouble()
}
