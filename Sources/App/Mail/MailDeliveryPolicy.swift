import Foundation

/// How the delivery worker paces itself.
public struct MailDeliveryPolicy: Sendable {
    /// How often the outbox is looked at for due messages (a read; a lease only when one is due).
    public var pollInterval: TimeInterval = 1
    /// The wait after a first temporary failure, doubled at each further one up to `maximumBackoff`.
    public var retryBase: TimeInterval = 30
    public var maximumBackoff: TimeInterval = 3600
    /// A message still undelivered after this many attempts is given up (`failed`).
    public var maximumAttempts = 8
    /// How long a leased message is this worker's alone: past it (the worker died mid-delivery),
    /// another worker or this one after a restart takes it again. Longer than one attempt can
    /// take: 12 × `--smtp-timeout` (30 s), for each step of the dialogue.
    public var leaseDuration: TimeInterval = 360
    /// Messages leased at once.
    public var batchSize = 10

    public init() {}

    /// The wait before attempt `attempts + 1`, after `attempts` temporary failures (≥ 1).
    func backoff(afterAttempts attempts: Int) -> TimeInterval {
        let doublings = min(max(attempts - 1, 0), 20)
        return min(retryBase * Double(1 << doublings), maximumBackoff)
    }
}
