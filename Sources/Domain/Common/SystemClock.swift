import Foundation

/// The system's wall clock, truncated to milliseconds (what storage keeps).
public struct SystemClock: Clock {
    public init() {}

    public func now() -> Date {
        Date(timeIntervalSince1970: (Date().timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }
}
