import Foundation

/// Something a person should hear about, appended to the outbox (`events`) in the same storage
/// transaction as the change that causes it: no event is lost, and none is kept for a change
/// that rolled back.
public struct OutboxEvent: Equatable, Sendable {
    /// Whose event it is: it takes that user's next position.
    public var userID: UserID
    public var type: OutboxEventType
    /// Flat facts of the event (ids, addresses). Never a secret: later readers of the outbox
    /// (live streams, webhooks) show it to the user's other devices.
    public var payload: [String: String]
    public var createdAt: Date

    public init(userID: UserID, type: OutboxEventType, payload: [String: String] = [:], createdAt: Date) {
        self.userID = userID
        self.type = type
        self.payload = payload
        self.createdAt = createdAt
    }

    /// The payload as the outbox stores it: a JSON object with its keys sorted, so one event is
    /// always the same text.
    public var payloadJSON: String {
        JSONText.object(payload)
    }
}

/// The kinds of outbox events, as stored (`events.type`).
public enum OutboxEventType: String, Sendable, CaseIterable {
    /// A new account claimed an address; a verification code was mailed to it.
    case userRegistered = "user.registered"
    /// Someone tried to register with the address this user holds.
    case registrationAttempted = "user.registration_attempted"
    /// A new verification code was mailed (a resend).
    case emailVerificationRequested = "user.email_verification_requested"
    /// The user proved their mailbox: the address is now theirs.
    case emailVerified = "user.email_verified"
    /// A password-reset code was mailed.
    case passwordResetRequested = "user.password_reset_requested"
    /// The password was set with a reset code; every session ended.
    case passwordReset = "user.password_reset"
    /// The signed-in user changed their password; every other session ended.
    case passwordChanged = "user.password_changed"
    /// The user sent money: the debit is on one of their accounts.
    case transferSent = "transfer.sent"
    /// Money from another user landed in one of this user's accounts.
    case transferReceived = "transfer.received"
    /// The user sent money that waits for its recipient: reserved on the source, no leg yet.
    case transferPending = "transfer.pending"
    /// The recipient claimed the user's pending transfer: both legs are posted.
    case transferClaimed = "transfer.claimed"
    /// The user's pending transfer was cancelled by them or declined by its recipient.
    case transferCancelled = "transfer.cancelled"
    /// Nobody claimed the user's pending transfer in time: the reservation is released.
    case transferExpired = "transfer.expired"
    /// A contact was added to the user's address book.
    case contactCreated = "contact.created"
    /// A contact was changed (its new version in the payload).
    case contactUpdated = "contact.updated"
    /// A contact was deleted.
    case contactDeleted = "contact.deleted"
    /// An order was placed (and its payment authorized, if it has one).
    case orderPlaced = "order.placed"
    /// A placed order was cancelled (and its payment voided).
    case orderCancelled = "order.cancelled"
}

/// An outbox event as stored, with its place in its user's order.
public struct StoredEvent: Equatable, Sendable {
    /// The outbox's own order across users.
    public var sequence: Int64
    public var userID: UserID
    /// 1, 2, 3… per user: where a reader of one user's events resumes.
    public var position: Int64
    /// `OutboxEventType`'s raw value; kept as text so an event written by a newer build still reads.
    public var type: String
    /// A JSON object.
    public var payload: String
    public var createdAt: Date

    public init(sequence: Int64, userID: UserID, position: Int64, type: String, payload: String, createdAt: Date) {
        self.sequence = sequence
        self.userID = userID
        self.position = position
        self.type = type
        self.payload = payload
        self.createdAt = createdAt
    }
}

/// An event and the mail it sends, if any: what one change appends to the outbox.
public struct Notice: Equatable, Sendable {
    public var event: OutboxEvent
    public var mail: MailRequest?

    public init(event: OutboxEvent, mail: MailRequest? = nil) {
        self.event = event
        self.mail = mail
    }
}
