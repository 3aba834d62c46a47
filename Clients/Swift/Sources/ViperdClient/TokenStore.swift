import Foundation

/// The tokens of the signed-in user, shared by the client's requests (thread-safe): the access
/// token every request sends, and the refresh token `BearerTokenMiddleware` exchanges for new
/// ones when the access token is refused.
public final class TokenStore: @unchecked Sendable {
    private let lock = NSLock()
    private var current: String?
    private var currentRefresh: String?

    public init(token: String? = nil, refreshToken: String? = nil) {
        current = token
        currentRefresh = refreshToken
    }

    /// The access token to send, or nil when signed out.
    public var token: String? {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }

    /// The refresh token of the session, or nil when there is none (signed out, or a token from
    /// registration).
    public var refreshToken: String? {
        get { lock.withLock { currentRefresh } }
        set { lock.withLock { currentRefresh = newValue } }
    }

    /// Sets both tokens at once, as a login or a refresh answers them.
    public func set(token: String?, refreshToken: String?) {
        lock.withLock {
            current = token
            currentRefresh = refreshToken
        }
    }
}
