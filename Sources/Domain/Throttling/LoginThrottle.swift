import Foundation

/// Limits failed logins so that no stranger can turn them against the account's owner.
///
/// Three counts over one sliding window (15 minutes):
/// - per **client** (an email from one client address, an IPv6 client per /64): 5 failures, then
///   429 until the oldest leaves the window. Only that client waits: the owner elsewhere does not.
/// - per **address** across emails: 20 failures, so one address cannot guess at many accounts.
/// - per **email** across addresses: no lockout but growing pauses. From the 10th failure for the
///   email in the window on, an attempt from a client that already failed for it waits 1 s after
///   the email's newest attempt, doubling with each further failure up to 60 s. A client without
///   a failure for the email is not paced: the owner at a fresh address signs in while a stranger
///   hammers the email from elsewhere, and the stranger's own guesses wait.
///
/// Every login takes its slots before the password is checked (`reserve`), in one atomic step of
/// the counter, so a burst of parallel guesses gets at most the limits' checks and passes a pause
/// one at a time; a failure keeps its slots, a success hands them back.
public struct LoginThrottle: Sendable {
    /// The scope of the per-client count: its subject is the client address's length in bytes,
    /// the address and the email, each after a space.
    public static let clientScope = "email-address"
    public static let addressScope = "address"
    /// The scope of the per-email pacing.
    public static let emailScope = "email"

    public static let defaultMaxFailuresPerClient = 5
    public static let defaultMaxFailuresPerAddress = 20
    public static let defaultSlowdownThreshold = 10
    public static let defaultFirstDelay: TimeInterval = 1
    public static let defaultMaximumDelay: TimeInterval = 60
    public static let defaultWindow: TimeInterval = 15 * 60

    /// Failures allowed per (email, client address) and window.
    public let maxFailuresPerClient: Int
    /// Failures allowed per client address, across emails, and window.
    public let maxFailuresPerAddress: Int
    /// Failures for an email in the window before its failing clients are paced.
    public let slowdownThreshold: Int
    /// The first pause, in seconds; it doubles with each further failure.
    public let firstDelay: TimeInterval
    /// The longest pause, in seconds.
    public let maximumDelay: TimeInterval
    public let window: TimeInterval
    private let counter: any AttemptCounter

    public init(
        counter: any AttemptCounter, maxFailuresPerClient: Int = Self.defaultMaxFailuresPerClient,
        maxFailuresPerAddress: Int = Self.defaultMaxFailuresPerAddress, slowdownThreshold: Int = Self.defaultSlowdownThreshold,
        firstDelay: TimeInterval = Self.defaultFirstDelay, maximumDelay: TimeInterval = Self.defaultMaximumDelay,
        window: TimeInterval = Self.defaultWindow
    ) {
        self.counter = counter
        self.maxFailuresPerClient = maxFailuresPerClient
        self.maxFailuresPerAddress = maxFailuresPerAddress
        self.slowdownThreshold = slowdownThreshold
        self.firstDelay = firstDelay
        self.maximumDelay = maximumDelay
        self.window = window
    }

    /// Takes a login attempt at `now`, counted as a failure until `recordSuccess` or `cancel`:
    /// nil when the password may be checked, else the seconds to wait.
    public func reserve(email: String, address: String, now: Date) -> Int? {
        counter.reserve(
            [AttemptLimit(clientKey(email, address), maximum: maxFailuresPerClient), AttemptLimit(addressKey(address), maximum: maxFailuresPerAddress)],
            pacing: pacing(email, address), window: window, now: now)
    }

    /// The attempt taken at `now` succeeded: this client's failures for the email are forgotten,
    /// and the address and the email get their slots back. Other clients' failures stay: the
    /// owner signing in does not reset a stranger's count.
    public func recordSuccess(email: String, address: String, now: Date) {
        counter.clear(clientKey(email, address))
        counter.release(addressKey(address), takenAt: now)
        counter.release(emailKey(email), takenAt: now)
    }

    /// The attempt taken at `now` could not be checked (storage failed, hashing was busy): it
    /// counts against nothing.
    public func cancel(email: String, address: String, now: Date) {
        counter.release(clientKey(email, address), takenAt: now)
        counter.release(addressKey(address), takenAt: now)
        counter.release(emailKey(email), takenAt: now)
    }

    private func pacing(_ email: String, _ address: String) -> AttemptPacing {
        AttemptPacing(
            key: emailKey(email), onlyAfter: clientKey(email, address), threshold: slowdownThreshold, firstDelay: firstDelay,
            maximumDelay: maximumDelay)
    }

    // The address's length first: no email and no address can make two clients one subject.
    private func clientKey(_ email: String, _ address: String) -> AttemptKey {
        AttemptKey(scope: Self.clientScope, subject: "\(address.utf8.count) \(address) \(email)")
    }
    private func addressKey(_ address: String) -> AttemptKey { AttemptKey(scope: Self.addressScope, subject: address) }
    private func emailKey(_ email: String) -> AttemptKey { AttemptKey(scope: Self.emailScope, subject: email) }
}
