/// How much a `PostgresDatabase` has been used since it was opened.
public struct PostgresStatistics: Equatable, Sendable {
    /// Calls of `read` and `write` (each may run several statements).
    public var queries = 0
    /// Their total wall time, waiting for a connection included.
    public var seconds: Double = 0
    /// Write transactions committed.
    public var commits = 0
    /// Write transactions run again after a serialization failure or a deadlock.
    public var retries = 0

    public init() {}
}
