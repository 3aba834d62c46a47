import Foundation

/// A short-lived, single-use credential for opening one live-event stream from a client that
/// cannot send an `Authorization` header (a browser's `EventSource`): only its digest is stored.
public struct EventTicket: Equatable, Sendable {
    /// SHA-256 of the ticket, lowercase hex.
    public var digest: String
    public var userID: UserID
    /// The session that asked for it (`LiveEventSubscription.sessionKey`).
    public var sessionKey: String
    /// The language the ticket was asked in: the stream's, whatever its opener's
    /// `Accept-Language` (a browser's `EventSource` sends its own, not the app's choice).
    public var language: String
    public var expiresAt: Date

    public init(digest: String, userID: UserID, sessionKey: String, language: String, expiresAt: Date) {
        self.digest = digest
        self.userID = userID
        self.sessionKey = sessionKey
        self.language = language
        self.expiresAt = expiresAt
    }
}
