import Foundation

/// Limits the mail a stranger can make Viperd send: per recipient address (so nobody's inbox is
/// flooded with codes or "someone tried to register" notices) and per client address (so one
/// client cannot mail many inboxes), over a sliding hour, on the counters every other attempt
/// limit uses (shared by instances on PostgreSQL).
public struct MailThrottle: Sendable {
    public static let recipientScope = "mail_recipient"
    public static let clientScope = "mail_client"
    public static let window: TimeInterval = 60 * 60

    /// Messages per recipient and hour; nil for no limit.
    public let maximumPerRecipient: Int?
    /// Messages caused per client address and hour; nil for no limit.
    public let maximumPerClient: Int?
    private let counter: any AttemptCounter

    public init(counter: any AttemptCounter, maximumPerRecipient: Int? = 5, maximumPerClient: Int? = 20) {
        self.counter = counter
        self.maximumPerRecipient = maximumPerRecipient
        self.maximumPerClient = maximumPerClient
    }

    /// Takes one message to `recipient` caused by `client` at `now`: nil when it may be sent,
    /// else the seconds until it may.
    public func reserve(recipient: String, client: String, now: Date) -> Int? {
        var limits: [AttemptLimit] = []
        if let maximumPerRecipient { limits.append(AttemptLimit(AttemptKey(scope: Self.recipientScope, subject: recipient), maximum: maximumPerRecipient)) }
        if let maximumPerClient { limits.append(AttemptLimit(AttemptKey(scope: Self.clientScope, subject: client), maximum: maximumPerClient)) }
        guard !limits.isEmpty else { return nil }
        return counter.reserve(limits, window: Self.window, now: now)
    }

    /// The message taken at `now` was not queued after all (storage failed): it does not count.
    public func cancel(recipient: String, client: String, now: Date) {
        if maximumPerRecipient != nil { counter.release(AttemptKey(scope: Self.recipientScope, subject: recipient), takenAt: now) }
        if maximumPerClient != nil { counter.release(AttemptKey(scope: Self.clientScope, subject: client), takenAt: now) }
    }
}
