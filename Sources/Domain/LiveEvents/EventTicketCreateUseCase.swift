import Foundation

/// `POST /v1/events/tickets`: a short-lived, single-use ticket that opens one stream for the
/// signed-in session (`EventTicket`).
///
/// Outcomes: `presentTicket(_:)`, `presentUnauthorized()` (the session ended meanwhile),
/// `presentRateLimited(retryAfter:)` (the session holds its most tickets), storage failures.
public struct EventTicketCreateUseCase {
    private let sessions: any SessionManager
    private let tokens: any TokenIssuer
    private let clock: any Clock
    private let policy: LiveEventPolicy

    public init(sessions: any SessionManager, tokens: any TokenIssuer, clock: any Clock, policy: LiveEventPolicy) {
        self.sessions = sessions
        self.tokens = tokens
        self.clock = clock
        self.policy = policy
    }

    /// A ticket for the session of `tokenDigest`, whose stream will speak `language`.
    public func eventCreate(tokenDigest: String, language: String, output: any EventTicketCreateUseCaseOutput) {
        do {
            let now = clock.now()
            guard let session = try sessions.fetch(tokenDigest: tokenDigest), session.isActive(at: now) else {
                output.presentUnauthorized()
                return
            }
            let issued = tokens.issue()
            let ticket = EventTicket(
                digest: issued.digest, userID: session.userID, sessionKey: session.streamKey, language: language, expiresAt: now.addingTimeInterval(policy.ticketLifetime))
            guard try sessions.insertEventTicket(ticket, limit: policy.ticketsPerSession, at: now) else {
                // The policy's lifetime is configuration, not request data; clamped anyway, so no
                // value of it can trap the conversion.
                let wait = policy.ticketLifetime.isFinite ? min(max(policy.ticketLifetime, 1), 86_400) : 60
                output.presentRateLimited(retryAfter: Int(wait.rounded(.up)))
                return
            }
            output.presentTicket(EventTicketPresentationModel(ticket: issued.token, expiresAt: ticket.expiresAt))
        } catch {
            output.presentStorage(error)
        }
    }
}

/// A ticket as shown once to its client.
public struct EventTicketPresentationModel: Equatable, Sendable {
    public let ticket: String
    public let expiresAt: Date

    public init(ticket: String, expiresAt: Date) {
        self.ticket = ticket
        self.expiresAt = expiresAt
    }
}

/// What asking for a ticket can lead to.
public protocol EventTicketCreateUseCaseOutput: StorageFailureOutput {
    /// The ticket, shown once.
    func presentTicket(_ ticket: EventTicketPresentationModel)
    /// The session is no longer active.
    func presentUnauthorized()
    /// The session holds as many unexpired tickets as one may; try after `retryAfter` seconds.
    func presentRateLimited(retryAfter: Int)
}
