import Dispatch
import Domain
import Synchronization

/// Lets at most `concurrency` password hashes run at once, with a short queue behind them; a
/// request past the queue, or one that waited `maximumWait` in it, is refused with
/// `PasswordHashingBusy` before it allocates anything.
///
/// Each scrypt hash holds its whole memory cost (32 MiB with the standard parameters) while it
/// runs, so without a bound a burst of logins or registrations on 64 write workers would hold
/// 2 GiB. Queued requests hold only their thread: memory stays at `concurrency` hashes.
public final class BoundedPasswordHasher: PasswordHasher {
    /// The wait a refused client is told: about one queue's worth of hashes.
    public static let retryAfterSeconds = 1

    public let concurrency: Int
    public let queueLength: Int
    public let maximumWait: Duration
    private let hasher: any PasswordHasher
    private let slots: DispatchSemaphore
    /// Requests running or waiting now.
    private let admitted = Mutex(0)

    /// - Parameters:
    ///   - concurrency: hashes computed at once (at least 1).
    ///   - queueLength: requests that may wait for a slot; 4 per slot by default, about half a
    ///     second of waiting with the standard parameters.
    ///   - maximumWait: the longest a queued request waits before it is refused.
    public init(_ hasher: any PasswordHasher, concurrency: Int, queueLength: Int? = nil, maximumWait: Duration = .seconds(5)) {
        self.hasher = hasher
        self.concurrency = max(1, concurrency)
        self.queueLength = max(0, queueLength ?? 4 * self.concurrency)
        self.maximumWait = maximumWait
        slots = DispatchSemaphore(value: self.concurrency)
    }

    public func hash(_ password: String) throws -> String {
        try gated { try hasher.hash(password) }
    }

    public func verify(_ password: String, against encoded: String) throws -> Bool {
        try gated { try hasher.verify(password, against: encoded) }
    }

    public func verifyDummy(_ password: String) throws {
        try gated { try hasher.verifyDummy(password) }
    }

    public func needsRehash(_ encoded: String) -> Bool {
        hasher.needsRehash(encoded)
    }

    /// Requests running or waiting now (for tests and metrics).
    public var inFlight: Int { admitted.withLock { $0 } }

    private func gated<T>(_ body: () throws -> T) throws -> T {
        let limit = concurrency + queueLength
        let entered = admitted.withLock { count -> Bool in
            guard count < limit else { return false }
            count += 1
            return true
        }
        guard entered else { throw PasswordHashingBusy(retryAfter: Self.retryAfterSeconds) }
        defer { admitted.withLock { $0 -= 1 } }
        let (seconds, attoseconds) = maximumWait.components
        let nanoseconds = seconds >= 3600 ? 3_600_000_000_000 : Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        guard slots.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else {
            throw PasswordHashingBusy(retryAfter: Self.retryAfterSeconds)
        }
        defer { slots.signal() }
        return try body()
    }
}
