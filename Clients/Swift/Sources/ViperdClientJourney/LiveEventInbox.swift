import Foundation
import ViperdClient

/// Reads a `LiveEvents` in a task of its own and hands its messages out one at a time with a
/// deadline, so a message that never comes fails the step instead of hanging the journey.
final class LiveEventInbox: @unchecked Sendable {
    private let lock = NSLock()
    /// What the stream gave: a message, its end (nil), or the error it threw.
    private var received: [Result<LiveEvents.Message?, any Error>] = []
    private var reader: Task<Void, Never>?

    /// Starts reading `events`.
    init(_ events: LiveEvents) {
        let reader = Task { [weak self] in
            do {
                for try await message in events { self?.deliver(.success(message)) }
                self?.deliver(.success(nil))
            } catch {
                self?.deliver(.failure(error))
            }
        }
        lock.withLock { self.reader = reader }
    }

    deinit {
        reader?.cancel()
    }

    /// The next message, nil once the stream ended; throws what the stream threw, or a failure
    /// when nothing came within `deadline`.
    func next(within deadline: Duration = .seconds(5)) async throws -> LiveEvents.Message? {
        let end = ContinuousClock.now + deadline
        while true {
            if let first = lock.withLock({ received.isEmpty ? nil : received.removeFirst() }) { return try first.get() }
            guard ContinuousClock.now < end else { throw JourneyFailure("no live event within \(deadline)") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// The messages received so far and not yet read.
    var unread: Int { lock.withLock { received.count } }

    /// Stops reading: the stream's connection is closed.
    func stop() {
        lock.withLock { reader }?.cancel()
    }

    private func deliver(_ result: Result<LiveEvents.Message?, any Error>) {
        lock.withLock { received.append(result) }
    }
}
