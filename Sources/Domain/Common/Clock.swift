import Foundation

/// Where use cases get "now" from, so tests can fix it.
public protocol Clock: Sendable {
    func now() -> Date
}

/// The system's wall clock, truncated to milliseconds (what storage keeps).
public struct SystemClock: Clock {
    public init() {}

    public func now() -> Date {
        Date(timeIntervalSince1970: (Date().timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }
}
