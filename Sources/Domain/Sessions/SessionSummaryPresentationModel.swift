import Foundation

/// One of the user's active sessions in the sessions list; no token, no digest.
public struct SessionSummaryPresentationModel: Equatable, Sendable {
    public let createdAt: Date
    /// Nil for a session without refresh (registration, `viperd token issue`, a login before
    /// refresh tokens), which records no use.
    public let lastUsedAt: Date?
    public let clientAddress: String?
    public let userAgent: String?
    /// The session of the token the list was asked with.
    public let isCurrent: Bool

    public init(_ session: Session, currentTokenDigest: String) {
        createdAt = session.createdAt
        lastUsedAt = session.lastUsedAt
        clientAddress = session.clientAddress
        userAgent = session.userAgent
        isCurrent = session.tokenDigest == currentTokenDigest
    }
}
