import Foundation

/// A value shared by test threads, guarded by a lock.
final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only touched while holding `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withValue<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try lock.withLock { try body(&value) }
    }

    var current: Value {
        lock.withLock { value }
    }
}

extension Locked where Value == [String] {
    /// Runs `body`; an error it throws is kept here and answered as nil. Concurrent tests count
    /// refusals, so a storage error must be seen, never counted as one.
    func recording<T>(_ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch {
            withValue { $0.append(String(describing: error)) }
            return nil
        }
    }
}
