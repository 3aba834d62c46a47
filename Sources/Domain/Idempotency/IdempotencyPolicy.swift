import Foundation

/// How long idempotency records count.
public struct IdempotencyPolicy: Equatable, Sendable {
    /// 24 hours of replays; a reservation not completed within 60 seconds is taken to be
    /// abandoned by a crashed process.
    public static let standard = IdempotencyPolicy(retention: 24 * 60 * 60, inFlightTimeout: 60)

    /// From reservation to expiry; expired records are purged and no longer replayed.
    public var retention: TimeInterval
    /// After this long, a request still in flight may be taken over by a retry.
    public var inFlightTimeout: TimeInterval

    public init(retention: TimeInterval, inFlightTimeout: TimeInterval) {
        self.retention = retention
        self.inFlightTimeout = inFlightTimeout
    }
}
