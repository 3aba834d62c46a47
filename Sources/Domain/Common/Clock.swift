import Foundation

/// Where use cases get "now" from, so tests can fix it.
public protocol Clock: Sendable {
    /// The current instant.
    func now() -> Date
}
