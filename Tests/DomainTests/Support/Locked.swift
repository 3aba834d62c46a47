import Synchronization

/// A value shared with code under test, guarded by a mutex.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    func withValue<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try mutex.withLock { try body(&$0) }
    }

    var current: Value { mutex.withLock { $0 } }
}
