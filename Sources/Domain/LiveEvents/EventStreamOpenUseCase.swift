import Foundation

/// `GET /v1/events`: whose stream is being opened, by a stream ticket (browsers) or by the
/// session of a bearer token (native clients). A ticket is used up by the request presenting
/// it, whatever comes of the stream.
///
/// Outcomes: `presentSubscription(_:)`, `presentUnauthorized()`, storage failures.
public struct EventStreamOpenUseCase {
    private let sessions: any SessionManager
    private let tokens: any TokenIssuer
    private let clock: any Clock

    public init(sessions: any SessionManager, tokens: any TokenIssuer, clock: any Clock) {
        self.sessions = sessions
        self.tokens = tokens
        self.clock = clock
    }

    /// Opens with `ticket`, as presented in the query.
    public func eventOpen(ticket: String, output: any EventStreamOpenUseCaseOutput) {
        guard let digest = tokens.digest(of: ticket) else {
            output.presentUnauthorized()
            return
        }
        do {
            let now = clock.now()
            guard let redeemed = try sessions.redeemEventTicket(digest: digest, at: now),
                let expiresAt = try sessions.sessionActiveUntil(key: redeemed.sessionKey, at: now)
            else {
                output.presentUnauthorized()
                return
            }
            output.presentSubscription(
                LiveEventSubscription(userID: redeemed.userID, sessionKey: redeemed.sessionKey, sessionExpiresAt: expiresAt, language: redeemed.language))
        } catch {
            output.presentStorage(error)
        }
    }

    /// Opens for the session whose bearer token (already authenticated) has `tokenDigest`.
    public func eventOpen(tokenDigest: String, output: any EventStreamOpenUseCaseOutput) {
        do {
            guard let session = try sessions.fetch(tokenDigest: tokenDigest), session.isActive(at: clock.now()) else {
                output.presentUnauthorized()
                return
            }
            output.presentSubscription(LiveEventSubscription(userID: session.userID, sessionKey: session.streamKey, sessionExpiresAt: session.expiresAt))
        } catch {
            output.presentStorage(error)
        }
    }
}

/// What opening a stream can lead to.
public protocol EventStreamOpenUseCaseOutput: StorageFailureOutput {
    /// The stream belongs to this user and session.
    func presentSubscription(_ subscription: LiveEventSubscription)
    /// No ticket or session that opens a stream (unknown, used, expired, revoked).
    func presentUnauthorized()
}
