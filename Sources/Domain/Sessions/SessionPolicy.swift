import Foundation

/// How long sessions and their tokens live.
///
/// The defaults follow OWASP's Session Management Cheat Sheet: an idle timeout of 15 minutes
/// (the low end of its 15–30 minutes for low-risk applications, as this one moves money) and an
/// absolute timeout of 8 hours (the high end of its 4–8 hours for people who use the application
/// all day). The access token lives 5 minutes, so a leaked one is of little use for long; the
/// refresh token keeps the session going while the client is active.
public struct SessionPolicy: Sendable {
    /// Lifetime of a bearer token without refresh (registration, `viperd token issue`).
    public var tokenLifetime: TimeInterval
    /// Lifetime of a login's access token.
    public var accessTokenLifetime: TimeInterval
    /// A login's session ends after this long without a request or a refresh.
    public var idleTimeout: TimeInterval
    /// A login's session ends this long after the login, whatever the activity.
    public var absoluteTimeout: TimeInterval
    /// How long after a refresh the refresh token it replaced is still accepted once more.
    public var refreshReuseGrace: TimeInterval
    /// A session's last use is recorded at most this often, so that authenticated requests do not
    /// each write.
    public var touchInterval: TimeInterval

    /// The longest `User-Agent` a session keeps, in Unicode scalars.
    public static let maximumUserAgentLength = 256

    public init(
        tokenLifetime: TimeInterval = 30 * 24 * 3600, accessTokenLifetime: TimeInterval = 5 * 60, idleTimeout: TimeInterval = 15 * 60,
        absoluteTimeout: TimeInterval = 8 * 3600, refreshReuseGrace: TimeInterval = 30, touchInterval: TimeInterval = 60
    ) {
        self.tokenLifetime = tokenLifetime
        self.accessTokenLifetime = accessTokenLifetime
        self.idleTimeout = idleTimeout
        self.absoluteTimeout = absoluteTimeout
        self.refreshReuseGrace = refreshReuseGrace
        self.touchInterval = touchInterval
    }

    /// The end of a login's session used at `now`: the idle deadline, capped by the absolute one.
    public func sessionEnd(lastUsedAt now: Date, endsAt: Date) -> Date {
        min(now.addingTimeInterval(idleTimeout), endsAt)
    }
}
