import Foundation
import Synchronization

/// Counts failures in a sliding window, in memory (per process).
public final class InMemoryLoginThrottle: LoginThrottle {
    public let maxFailuresPerEmail: Int
    public let maxFailuresPerAddress: Int
    public let window: TimeInterval
    private let failures = Mutex<[String: [Date]]>([:])

    public init(maxFailuresPerEmail: Int = 5, maxFailuresPerAddress: Int = 20, window: TimeInterval = 15 * 60) {
        self.maxFailuresPerEmail = maxFailuresPerEmail
        self.maxFailuresPerAddress = maxFailuresPerAddress
        self.window = window
    }

    public func retryAfter(email: String, address: String, now: Date) -> TimeInterval? {
        failures.withLock { table in
            let waits = [("email:" + email, maxFailuresPerEmail), ("address:" + address, maxFailuresPerAddress)].compactMap {
                key, limit -> TimeInterval? in
                let recent = (table[key] ?? []).filter { now.timeIntervalSince($0) < window }
                guard recent.count >= limit, let oldest = recent.first else { return nil }
                return window - now.timeIntervalSince(oldest)
            }
            return waits.max().map { max(1, $0.rounded(.up)) }
        }
    }

    public func recordFailure(email: String, address: String, now: Date) {
        failures.withLock { table in
            for key in ["email:" + email, "address:" + address] {
                var recent = (table[key] ?? []).filter { now.timeIntervalSince($0) < window }
                recent.append(now)
                table[key] = recent
            }
            // Keys whose failures all aged out go, so the table cannot grow without bound.
            if table.count > 10_000 {
                table = table.filter { $0.value.contains { now.timeIntervalSince($0) < window } }
            }
        }
    }

    public func recordSuccess(email: String, address: String) {
        failures.withLock { table in table["email:" + email] = nil }
    }
}
