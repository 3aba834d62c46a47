import Foundation

/// The kinds of mail Viperd sends; the delivery worker words each in the recipient's language.
public enum MailKind: String, Sendable, CaseIterable {
    /// "Your verification code is …" after a registration or a resend.
    case emailVerification = "email_verification"
    /// "Someone tried to register with your address" to the address's holder.
    case registrationAttempt = "registration_attempt"
    /// "Your password-reset code is …".
    case passwordReset = "password_reset"
    /// "Your password was changed" to the owner's verified address, with no code: if it was not
    /// them, they know to reset it.
    case passwordChanged = "password_changed"
    /// "Someone sent you money; verify this address and claim it before …" to the address of a
    /// pending transfer, with its sender, amount and end in `details`.
    case transferPending = "transfer_pending"
}

/// One message to send, queued in the outbox with its event.
public struct MailRequest: Equatable, Sendable {
    /// `m_…`; also the local part of the message's `Message-ID`.
    public var id: String
    public var kind: MailKind
    /// The normalized address.
    public var recipient: String
    /// Whom the greeting names.
    public var recipientName: String
    /// The language code the message is worded in (`en`, `fr`).
    public var language: String
    /// The one-time code the message carries, erased from the outbox once the message is
    /// delivered or given up.
    public var secret: String?
    /// What the message says besides a code (`sender`, `amountMinor`, `currency`, `expiresAt` in
    /// Unix seconds for a pending transfer); never a secret.
    public var details: [String: String]
    public var createdAt: Date

    public init(
        id: String, kind: MailKind, recipient: String, recipientName: String, language: String, secret: String? = nil,
        details: [String: String] = [:], createdAt: Date
    ) {
        self.id = id
        self.kind = kind
        self.recipient = recipient
        self.recipientName = recipientName
        self.language = language
        self.secret = secret
        self.details = details
        self.createdAt = createdAt
    }
}

/// Where a queued message stands.
public enum MailState: String, Sendable, CaseIterable {
    /// Waiting for its next attempt.
    case queued
    /// Accepted by the SMTP relay.
    case sent
    /// No relay is configured: written to the log instead (the embedded default).
    case logged
    /// Refused for good (a 5xx), or out of attempts.
    case failed
}

/// A queued message as the outbox keeps it.
public struct MailRecord: Equatable, Sendable {
    public var request: MailRequest
    public var state: MailState
    public var attempts: Int
    public var nextAttemptAt: Date
    /// The relay's last refusal or the connection's failure.
    public var lastError: String?
    /// When it was sent, logged or given up.
    public var finishedAt: Date?

    public init(request: MailRequest, state: MailState, attempts: Int, nextAttemptAt: Date, lastError: String?, finishedAt: Date?) {
        self.request = request
        self.state = state
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.lastError = lastError
        self.finishedAt = finishedAt
    }
}
