import Foundation
import Synchronization

/// Limits failed logins per email and per client address.
public protocol LoginThrottle: Sendable {
    /// How long the caller must wait before trying again, or nil when a try is allowed now.
    func retryAfter(email: String, address: String, now: Date) -> TimeInterval?
    func recordFailure(email: String, address: String, now: Date)
    func recordSuccess(email: String, address: String)
}
