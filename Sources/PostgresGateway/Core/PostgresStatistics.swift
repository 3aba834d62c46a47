/// How much a `PostgresDatabase` has been used since it was opened.
public struct PostgresStatistics: Equatable, Sendable {
    /// Calls of `read` and `write` (each may run several statements).
    public var queries = 0
    /// Their total wall time, waiting for a connection included.
    public var seconds: Double = 0
    /// Write transactions committed.
    public var commits = 0
    /// Writes whose work those commits held: more than `commits` once writes share one (group
    /// commit, `PostgresDatabase.write(locking:_:)`).
    public var committedWrites = 0
    /// Groups of writes whose shared transaction failed before its commit (a deadlock, a lost
    /// session), so each of their writes ran again in a transaction of its own.
    public var abandonedGroups = 0
    /// Write transactions run again after a serialization failure or a deadlock.
    public var retries = 0
    /// Times a caller waited on the server: each statement or script run alone, each prepare
    /// outside a write, and each sync of a write's pipeline (what it queued, then its read or
    /// its `COMMIT`). Counted when the connection goes back to the pool.
    public var roundTrips = 0

    public init() {}
}
