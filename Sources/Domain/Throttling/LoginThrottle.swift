import Foundation

/// Limits failed logins per email and per client address over a sliding window.
///
/// Every login takes its slot before the password is checked (`reserve`), so a burst of parallel
/// guesses gets at most the limit of checks; a failure keeps its slot, a success hands it back.
public struct LoginThrottle: Sendable {
    public static let emailScope = "email"
    public static let addressScope = "address"

    public let maxFailuresPerEmail: Int
    public let maxFailuresPerAddress: Int
    public let window: TimeInterval
    private let counter: any AttemptCounter

    public init(counter: any AttemptCounter, maxFailuresPerEmail: Int = 5, maxFailuresPerAddress: Int = 20, window: TimeInterval = 15 * 60) {
        self.counter = counter
        self.maxFailuresPerEmail = maxFailuresPerEmail
        self.maxFailuresPerAddress = maxFailuresPerAddress
        self.window = window
    }

    /// Takes a login attempt at `now`, counted as a failure until `recordSuccess` or `cancel`:
    /// nil when the password may be checked, else the seconds to wait.
    public func reserve(email: String, address: String, now: Date) -> Int? {
        counter.reserve(
            [AttemptLimit(emailKey(email), maximum: maxFailuresPerEmail), AttemptLimit(addressKey(address), maximum: maxFailuresPerAddress)],
            window: window, now: now)
    }

    /// The attempt taken at `now` succeeded: the email's failures are forgotten and the address
    /// gets its slot back.
    public func recordSuccess(email: String, address: String, now: Date) {
        counter.clear(emailKey(email))
        counter.release(addressKey(address), takenAt: now)
    }

    /// The attempt taken at `now` could not be checked (storage failed, hashing was busy): it
    /// counts against neither limit.
    public func cancel(email: String, address: String, now: Date) {
        counter.release(emailKey(email), takenAt: now)
        counter.release(addressKey(address), takenAt: now)
    }

    private func emailKey(_ email: String) -> AttemptKey { AttemptKey(scope: Self.emailScope, subject: email) }
    private func addressKey(_ address: String) -> AttemptKey { AttemptKey(scope: Self.addressScope, subject: address) }
}
