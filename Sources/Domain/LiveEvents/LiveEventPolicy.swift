import Foundation

/// How live-event streams and their tickets behave (`--max-streams-per-user`, `--max-streams`,
/// `--stream-backlog-bytes`).
public struct LiveEventPolicy: Equatable, Sendable {
    /// How long a ticket opens a stream: long enough to open one, short enough to be worthless
    /// in a log.
    public var ticketLifetime: TimeInterval
    /// Unexpired tickets one session may hold, so asking for tickets in a loop fills nothing.
    public var ticketsPerSession: Int
    /// Open streams one user may hold (devices and tabs).
    public var streamsPerUser: Int
    /// Open streams in all, for every user.
    public var streamsInAll: Int
    /// Unsent bytes a stream may hold before its client is cut off (it resumes later).
    public var backlogBytes: Int
    /// Events read from the outbox at once for one stream.
    public var batchSize: Int

    public init(
        ticketLifetime: TimeInterval = 60, ticketsPerSession: Int = 10, streamsPerUser: Int = 8, streamsInAll: Int = 20_000,
        backlogBytes: Int = 256 * 1024, batchSize: Int = 100
    ) {
        self.ticketLifetime = ticketLifetime
        self.ticketsPerSession = ticketsPerSession
        self.streamsPerUser = streamsPerUser
        self.streamsInAll = streamsInAll
        self.backlogBytes = backlogBytes
        self.batchSize = batchSize
    }
}
