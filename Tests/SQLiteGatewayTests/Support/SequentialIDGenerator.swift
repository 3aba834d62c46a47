import Domain
import Synchronization

/// Ids `tr_1`, `t_2`, … in order, one counter for every prefix.
final class SequentialIDGenerator: IDGenerator {
    private let next = Mutex(0)
    func makeID(prefix: String) -> String {
        prefix + String(next.withLock { value in value += 1; return value })
    }
}
