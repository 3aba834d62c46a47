/// How much a `Database` has been used: calls of `read` and `write`, their total wall time, the
/// commits that made the writes durable and how they were grouped, the checkpoints of the
/// write-ahead log, and the merges of the contact search index.
public struct DatabaseStatistics: Equatable, Sendable {
    /// Upper bounds of the group-size histogram (`commitSizeCounts`), in writes per commit.
    public static let commitSizeBounds = [1, 2, 4, 8, 16, 32, 64]

    /// Calls of `read` and `write` (each may run several statements).
    public var queries: Int
    /// Their total wall time, waiting for a connection included.
    public var seconds: Double
    /// Write transactions committed (each one fsync at `synchronous=FULL`).
    public var commits: Int
    /// Writes whose work those commits held; above `commits` when group commit shared them.
    public var committedWrites: Int
    /// Commits by the number of writes they held: index `i` counts those above the bound before
    /// `commitSizeBounds[i]` and up to it, the last index those above every bound. Not cumulative.
    public var commitSizeCounts: [Int]
    /// Groups whose lead first waited for more writes to join (`groupCommitDelay`).
    public var groupCommitWaits: Int
    /// Checkpoints of the write-ahead log run after a commit (`WALCheckpointer`).
    public var checkpoints: Int
    /// Frames those checkpoints copied into the database file; below the log's frames when
    /// readers kept part of the log from being copied.
    public var checkpointedFrames: Int
    /// Wall time of those checkpoints, on the writing thread.
    public var checkpointSeconds: Double
    /// Frames in the write-ahead log after the last commit.
    public var walFrames: Int
    /// Merge steps of the contact search index that found segments to merge.
    public var searchMerges: Int

    public init(
        queries: Int = 0, seconds: Double = 0, commits: Int = 0, committedWrites: Int = 0,
        commitSizeCounts: [Int] = Array(repeating: 0, count: Self.commitSizeBounds.count + 1), groupCommitWaits: Int = 0,
        checkpoints: Int = 0, checkpointedFrames: Int = 0, checkpointSeconds: Double = 0, walFrames: Int = 0, searchMerges: Int = 0
    ) {
        self.queries = queries
        self.seconds = seconds
        self.commits = commits
        self.committedWrites = committedWrites
        self.commitSizeCounts = commitSizeCounts
        self.groupCommitWaits = groupCommitWaits
        self.checkpoints = checkpoints
        self.checkpointedFrames = checkpointedFrames
        self.checkpointSeconds = checkpointSeconds
        self.walFrames = walFrames
        self.searchMerges = searchMerges
    }

    /// Counts one commit of `writes` writes in `commitSizeCounts`.
    mutating func countCommitSize(_ writes: Int) {
        let index = Self.commitSizeBounds.firstIndex { writes <= $0 } ?? Self.commitSizeBounds.count
        commitSizeCounts[index] += 1
    }
}
