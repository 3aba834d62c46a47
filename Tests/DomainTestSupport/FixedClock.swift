import Domain
import Foundation

/// A clock that always says the same instant: dates a test writes are reproducible, and nothing
/// a test counts in fixed windows (the per-user write rates) can cross a window's end mid-test.
public struct FixedClock: Clock {
    /// The instant `now()` returns.
    public let instant: Date

    public init(_ instant: Date = Date(timeIntervalSince1970: 1_795_000_000)) { self.instant = instant }

    public func now() -> Date { instant }
}
