/// Makes new opaque ids for entities.
public protocol IDGenerator: Sendable {
    /// A new id with `prefix` (`c_…` for contacts), unique for all practical purposes.
    func makeID(prefix: String) -> String
}
