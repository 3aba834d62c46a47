import Foundation

/// Limits registrations per client address over a sliding window: each one costs a password
/// hash and creates a user, so one address cannot fill the users table or the hashing queue.
public struct RegistrationThrottle: Sendable {
    public static let scope = "registration"
    /// 20 an hour: a family or an office behind one address still registers freely.
    public static let defaultMaximumPerAddress = 20
    public static let defaultWindow: TimeInterval = 60 * 60

    /// Registrations allowed per address and window; nil for no limit.
    public let maximumPerAddress: Int?
    public let window: TimeInterval
    private let counter: any AttemptCounter

    public init(counter: any AttemptCounter, maximumPerAddress: Int? = Self.defaultMaximumPerAddress, window: TimeInterval = Self.defaultWindow) {
        self.counter = counter
        self.maximumPerAddress = maximumPerAddress
        self.window = window
    }

    /// Takes a registration at `now`: nil when it may go ahead, else the seconds to wait.
    public func reserve(address: String, now: Date) -> Int? {
        guard let maximumPerAddress else { return nil }
        return counter.reserve([AttemptLimit(key(address), maximum: maximumPerAddress)], window: window, now: now)
    }

    /// The registration taken at `now` could not be attempted (storage failed, hashing was busy):
    /// it does not count.
    public func cancel(address: String, now: Date) {
        guard maximumPerAddress != nil else { return }
        counter.release(key(address), takenAt: now)
    }

    private func key(_ address: String) -> AttemptKey { AttemptKey(scope: Self.scope, subject: address) }
}
