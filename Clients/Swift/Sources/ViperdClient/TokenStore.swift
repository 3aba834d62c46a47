import Foundation

/// The bearer token of the signed-in user, shared by the client's requests (thread-safe).
public final class TokenStore: @unchecked Sendable {
    private let lock = NSLock()
    private var current: String?

    public init(token: String? = nil) {
        current = token
    }

    /// The token to send, or nil when signed out.
    public var token: String? {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }
}
