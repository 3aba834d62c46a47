import Domain
import Foundation
import Synchronization

/// A clock that always says the same instant.
struct FixedClock: Clock {
    let instant: Date
    init(_ instant: Date = Date(timeIntervalSince1970: 1_795_000_000)) { self.instant = instant }
    func now() -> Date { instant }
}

/// Ids `c_1`, `c_2`, … in order.
final class SequentialIDGenerator: IDGenerator {
    private let next = Mutex(0)
    func makeID(prefix: String) -> String {
        prefix + String(next.withLock { value in value += 1; return value })
    }
}

let alice = UserID("alice")
let bob = UserID("bob")

func contact(_ id: String, first: String?, last: String?, owner: UserID = alice, email: String? = nil, phone: String? = nil, version: Int = 1) -> Contact {
    Contact(
        id: ContactID(id), ownerID: owner, firstName: first, lastName: last, email: email, phone: phone,
        createdAt: Date(timeIntervalSince1970: 1_700_000_000), updatedAt: Date(timeIntervalSince1970: 1_700_000_000), version: version)
}
