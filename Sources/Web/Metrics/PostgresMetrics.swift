/// The PostgreSQL store's series in `/metrics`: how this instance's writes were grouped into
/// commits, the deadlocks and serialization failures it hid by running writes again, and how
/// often it waited on the server. The server's own counts (buffers, checkpoints) are in its
/// `pg_stat_*` views, not here.
public struct PostgresMetrics: Equatable, Sendable {
    /// Write transactions committed.
    public var commits: Int
    /// Writes those commits held; divided by `commits`, the mean group size.
    public var committedWrites: Int
    /// Groups whose shared transaction failed before its commit, so each write ran again alone.
    public var abandonedGroups: Int
    /// Write transactions run again after a serialization failure or a deadlock.
    public var retries: Int
    /// Times a caller waited on the server (a statement alone, a prepare, a pipeline's sync).
    public var roundTrips: Int

    public init(commits: Int = 0, committedWrites: Int = 0, abandonedGroups: Int = 0, retries: Int = 0, roundTrips: Int = 0) {
        self.commits = commits
        self.committedWrites = committedWrites
        self.abandonedGroups = abandonedGroups
        self.retries = retries
        self.roundTrips = roundTrips
    }

    /// The series in the Prometheus text format.
    var lines: [String] {
        var lines: [String] = []
        func counter(_ name: String, _ help: String, _ value: Int) {
            lines.append("# HELP \(name) \(help)")
            lines.append("# TYPE \(name) counter")
            lines.append("\(name) \(value)")
        }
        counter("viperd_postgres_commits_total", "Write transactions committed on PostgreSQL by this instance.", commits)
        counter(
            "viperd_postgres_committed_writes_total", "Writes those commits held (divided by the commits: the mean group size).",
            committedWrites)
        counter(
            "viperd_postgres_abandoned_groups_total",
            "Groups of writes whose shared transaction failed before its commit, so each write ran again alone.", abandonedGroups)
        counter(
            "viperd_postgres_retries_total", "Write transactions run again after a serialization failure or a deadlock.", retries)
        counter(
            "viperd_postgres_round_trips_total",
            "Round trips to the PostgreSQL server: each statement run alone, each prepare, each sync of a write's pipeline.",
            roundTrips)
        return lines
    }
}
