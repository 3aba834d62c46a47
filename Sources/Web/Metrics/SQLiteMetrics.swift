/// The SQLite store's own series in `/metrics`: how writes were grouped into commits, the
/// checkpoints of the write-ahead log, the readers' page cache and the search index's segments.
/// The PostgreSQL store has its own (`PostgresMetrics`); its server keeps checkpoints and buffers
/// in `pg_stat_*`.
public struct SQLiteMetrics: Equatable, Sendable {
    /// Upper bounds of the group-size histogram, in writes per commit.
    public static let groupSizeBounds = [1, 2, 4, 8, 16, 32, 64]

    /// Write transactions committed.
    public var commits: Int
    /// Writes those commits held; divided by `commits`, the mean group size.
    public var committedWrites: Int
    /// Commits per group size: one count per bound of `groupSizeBounds`, then those above them all.
    public var groupSizeCounts: [Int]
    /// Groups whose lead first waited for company.
    public var groupCommitWaits: Int
    /// Checkpoints run after commits.
    public var checkpoints: Int
    /// Frames they copied; fewer than the log held when readers kept part of it.
    public var checkpointedFrames: Int
    /// Their wall time, paid by the commits that ran them.
    public var checkpointSeconds: Double
    /// Frames in the write-ahead log after the last commit.
    public var walFrames: Int
    /// Page-cache hits summed over the reader connections.
    public var readerCacheHits: Int
    /// Page-cache misses summed over the reader connections.
    public var readerCacheMisses: Int
    /// Segments of the contact search index now; nil before the index exists.
    public var searchSegments: Int?
    /// Merge steps of the search index that found work.
    public var searchMerges: Int

    public init(
        commits: Int = 0, committedWrites: Int = 0, groupSizeCounts: [Int] = [], groupCommitWaits: Int = 0, checkpoints: Int = 0,
        checkpointedFrames: Int = 0, checkpointSeconds: Double = 0, walFrames: Int = 0, readerCacheHits: Int = 0,
        readerCacheMisses: Int = 0, searchSegments: Int? = nil, searchMerges: Int = 0
    ) {
        self.commits = commits
        self.committedWrites = committedWrites
        self.groupSizeCounts = groupSizeCounts
        self.groupCommitWaits = groupCommitWaits
        self.checkpoints = checkpoints
        self.checkpointedFrames = checkpointedFrames
        self.checkpointSeconds = checkpointSeconds
        self.walFrames = walFrames
        self.readerCacheHits = readerCacheHits
        self.readerCacheMisses = readerCacheMisses
        self.searchSegments = searchSegments
        self.searchMerges = searchMerges
    }

    /// The series in the Prometheus text format.
    var lines: [String] {
        var lines: [String] = []
        func series(_ name: String, _ type: String, _ help: String, _ value: String) {
            lines.append("# HELP \(name) \(help)")
            lines.append("# TYPE \(name) \(type)")
            lines.append("\(name) \(value)")
        }
        series("viperd_sqlite_commits_total", "counter", "Write transactions committed on the SQLite writer.", "\(commits)")
        series(
            "viperd_sqlite_committed_writes_total", "counter", "Writes those commits held (divided by the commits: the mean group size).",
            "\(committedWrites)")
        lines.append("# HELP viperd_sqlite_group_commit_size Writes per commit.")
        lines.append("# TYPE viperd_sqlite_group_commit_size histogram")
        var cumulative = 0
        for (index, bound) in Self.groupSizeBounds.enumerated() {
            cumulative += index < groupSizeCounts.count ? groupSizeCounts[index] : 0
            lines.append("viperd_sqlite_group_commit_size_bucket{le=\"\(bound)\"} \(cumulative)")
        }
        cumulative += groupSizeCounts.count > Self.groupSizeBounds.count ? groupSizeCounts[Self.groupSizeBounds.count] : 0
        lines.append("viperd_sqlite_group_commit_size_bucket{le=\"+Inf\"} \(cumulative)")
        lines.append("viperd_sqlite_group_commit_size_sum \(committedWrites)")
        lines.append("viperd_sqlite_group_commit_size_count \(cumulative)")
        series(
            "viperd_sqlite_group_commit_waits_total", "counter", "Commit groups whose lead first waited for more writes to join.",
            "\(groupCommitWaits)")
        series("viperd_sqlite_checkpoints_total", "counter", "Checkpoints of the write-ahead log run after a commit.", "\(checkpoints)")
        series(
            "viperd_sqlite_checkpointed_frames_total", "counter", "Log frames those checkpoints copied into the database file.",
            "\(checkpointedFrames)")
        series("viperd_sqlite_checkpoint_seconds_total", "counter", "Wall time of those checkpoints.", "\(checkpointSeconds)")
        series("viperd_sqlite_wal_frames", "gauge", "Frames in the write-ahead log after the last commit.", "\(walFrames)")
        series(
            "viperd_sqlite_reader_cache_hits_total", "counter", "Pages the reader connections found in their page cache.",
            "\(readerCacheHits)")
        series(
            "viperd_sqlite_reader_cache_misses_total", "counter", "Pages the reader connections had to read from the file.",
            "\(readerCacheMisses)")
        if let searchSegments {
            series("viperd_sqlite_search_segments", "gauge", "Segments of the contact search index.", "\(searchSegments)")
        }
        series("viperd_sqlite_search_merges_total", "counter", "Merge steps of the contact search index that found work.", "\(searchMerges)")
        return lines
    }
}
