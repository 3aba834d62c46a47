/// How much a `Database` has been used: calls of `read` and `write`, their total wall time, and
/// the commits that made the writes durable.
public struct DatabaseStatistics: Equatable, Sendable {
    /// Calls of `read` and `write` (each may run several statements).
    public var queries: Int
    /// Their total wall time, waiting for a connection included.
    public var seconds: Double
    /// Write transactions committed (each one fsync at `synchronous=FULL`).
    public var commits: Int
    /// Writes whose work those commits held; above `commits` when group commit shared them.
    public var committedWrites: Int

    public init(queries: Int = 0, seconds: Double = 0, commits: Int = 0, committedWrites: Int = 0) {
        self.queries = queries
        self.seconds = seconds
        self.commits = commits
        self.committedWrites = committedWrites
    }
}
