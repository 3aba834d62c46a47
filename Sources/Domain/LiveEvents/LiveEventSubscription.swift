import Foundation

/// Who a stream being opened belongs to, and from where it reads.
public struct LiveEventSubscription: Equatable, Sendable {
    public var userID: UserID
    /// The session the stream lives with: its refresh family's digest, or its token digest for
    /// a session without refresh (the family outlives each rotated access token).
    public var sessionKey: String
    /// When the session ends unless it is used meanwhile (its idle or absolute end).
    public var sessionExpiresAt: Date
    /// The language a ticket was asked in; nil: the opening request's.
    public var language: String?

    public init(userID: UserID, sessionKey: String, sessionExpiresAt: Date, language: String? = nil) {
        self.userID = userID
        self.sessionKey = sessionKey
        self.sessionExpiresAt = sessionExpiresAt
        self.language = language
    }
}

extension Session {
    /// The key a stream of this session is kept under (`LiveEventSubscription.sessionKey`).
    public var streamKey: String { refresh?.familyDigest ?? tokenDigest }
}
