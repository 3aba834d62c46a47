import Foundation

/// A bearer token's server side: only the token's digest is stored, never the token.
///
/// A login's session also carries its refresh state (`refresh`), its last use and where it was
/// opened; a session without them (`refresh == nil`) is a bearer token as registration,
/// `viperd token issue` and logins before refresh tokens make one: it lives until `expiresAt`.
public struct Session: Equatable, Sendable {
    /// SHA-256 of the current access token, lowercase hex.
    public var tokenDigest: String
    public var userID: UserID
    public var createdAt: Date
    /// The end of the whole session: past it, neither the access token nor the refresh token
    /// works. For a login: min(last use + idle timeout, `endsAt`).
    public var expiresAt: Date
    public var revokedAt: Date?
    /// The end of the current access token, before `expiresAt`; nil when the token lives as long
    /// as the session.
    public var accessExpiresAt: Date?
    /// The absolute end, whatever the activity; nil for a session without refresh.
    public var endsAt: Date?
    /// The last request or refresh, recorded at most once a minute (`SessionPolicy.touchInterval`).
    public var lastUsedAt: Date?
    /// The client's address at login.
    public var clientAddress: String?
    /// The client's `User-Agent` at login, cut to `SessionPolicy.maximumUserAgentLength`.
    public var userAgent: String?
    /// The refresh token's digests; nil for a session without refresh.
    public var refresh: SessionRefreshState?

    public init(
        tokenDigest: String, userID: UserID, createdAt: Date, expiresAt: Date, revokedAt: Date? = nil, accessExpiresAt: Date? = nil,
        endsAt: Date? = nil, lastUsedAt: Date? = nil, clientAddress: String? = nil, userAgent: String? = nil, refresh: SessionRefreshState? = nil
    ) {
        self.tokenDigest = tokenDigest
        self.userID = userID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
        self.accessExpiresAt = accessExpiresAt
        self.endsAt = endsAt
        self.lastUsedAt = lastUsedAt
        self.clientAddress = clientAddress
        self.userAgent = userAgent
        self.refresh = refresh
    }

    /// The access token is usable at `now`: not revoked, neither it nor the session expired.
    public func isActive(at now: Date) -> Bool {
        revokedAt == nil && now < expiresAt && accessExpiresAt.map { now < $0 } ?? true
    }

    /// The session can still be refreshed at `now`: not revoked, not expired (idle or absolute).
    public func isRefreshable(at now: Date) -> Bool {
        refresh != nil && revokedAt == nil && now < expiresAt
    }

    /// When the access token stops working: the earlier of its own end and the session's.
    public var accessEnd: Date { accessExpiresAt.map { min($0, expiresAt) } ?? expiresAt }
}
