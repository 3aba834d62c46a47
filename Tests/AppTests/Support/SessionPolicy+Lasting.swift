import Domain
import Foundation

extension SessionPolicy {
    /// Sessions whose every timeout is `days` long: for tests that move the clock by days and
    /// mean the signed-in user to stay signed in.
    static func lasting(days: Double) -> SessionPolicy {
        var policy = SessionPolicy()
        let seconds = days * 24 * 3600
        policy.tokenLifetime = seconds
        policy.accessTokenLifetime = seconds
        policy.idleTimeout = seconds
        policy.absoluteTimeout = seconds
        return policy
    }
}
