import Domain
import Foundation
import Synchronization

/// A clock the test moves forward by hand, shared with the running application.
final class MovableClock: Clock {
    private let instant: Mutex<Date>

    init(_ start: Date = Date()) {
        instant = Mutex(start)
    }

    func now() -> Date {
        instant.withLock { $0 }
    }

    /// Moves "now" forward by `seconds`.
    func advance(by seconds: TimeInterval) {
        instant.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
