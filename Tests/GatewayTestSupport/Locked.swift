import Foundation

/// A value shared by test threads, guarded by a lock.
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only touched while holding `lock`.
    private let lock = NSLock()
    private var value: Value

    /// A lock around `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value while holding the lock.
    public func withValue<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try lock.withLock { try body(&value) }
    }

    /// The value now.
    public var current: Value {
        lock.withLock { value }
    }
}

extension Locked where Value == [String] {
    /// Runs `body`; an error it throws is kept here and answered as nil. Concurrent tests count
    /// refusals, so a storage error must be seen, never counted as one.
    public func recording<T>(_ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch {
            withValue { $0.append(String(describing: error)) }
            return nil
        }
    }
}
