import Foundation

/// How long a session lives.
public struct SessionPolicy: Sendable {
    public var tokenLifetime: TimeInterval

    public init(tokenLifetime: TimeInterval = 30 * 24 * 3600) {
        self.tokenLifetime = tokenLifetime
    }
}
