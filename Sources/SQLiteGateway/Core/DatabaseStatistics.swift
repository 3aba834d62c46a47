/// How much a `Database` has been used: calls of `read` and `write`, and their total wall time.
public struct DatabaseStatistics: Equatable, Sendable {
    /// Calls of `read` and `write` (each may run several statements).
    public var queries: Int
    /// Their total wall time, waiting for a connection included.
    public var seconds: Double

    public init(queries: Int = 0, seconds: Double = 0) {
        self.queries = queries
        self.seconds = seconds
    }
}
