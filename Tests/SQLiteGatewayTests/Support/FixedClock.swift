import Domain
import Foundation

/// Always the same instant, so transfers made by a use case are dated reproducibly.
struct FixedClock: Clock {
    let instant: Date
    init(_ instant: Date = Date(timeIntervalSince1970: 1_795_000_000)) { self.instant = instant }
    func now() -> Date { instant }
}
