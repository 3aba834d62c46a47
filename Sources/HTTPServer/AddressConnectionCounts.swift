import Synchronization

/// Open connections per client address, for the per-address cap: taken on the accept queue,
/// given back on an event loop when the connection's descriptor is closed.
final class AddressConnectionCounts: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    /// Counts one more connection from `address` and returns how many are now open from it.
    func take(_ address: String) -> Int {
        counts.withLock { counts in
            let open = (counts[address] ?? 0) + 1
            counts[address] = open
            return open
        }
    }

    /// Gives back one connection from `address`; an address with none left is forgotten, so the
    /// table never grows past the addresses connected right now.
    func give(_ address: String) {
        counts.withLock { counts in
            guard let open = counts[address] else { return }
            counts[address] = open > 1 ? open - 1 : nil
        }
    }

    /// Connections open from `address`.
    func count(_ address: String) -> Int {
        counts.withLock { $0[address] ?? 0 }
    }
}
