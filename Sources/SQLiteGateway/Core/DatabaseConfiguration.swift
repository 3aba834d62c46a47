/// Where the database file is and how its connections are set up.
public struct DatabaseConfiguration: Equatable, Sendable {
    /// SQLite's `synchronous` setting: how hard a commit waits for the disk.
    public enum Synchronous: String, Equatable, Sendable, CaseIterable {
        /// Every commit reaches the disk before it returns.
        case full
        /// In WAL mode, safe from corruption; the last commits may be lost on power failure.
        case normal
        /// No waiting at all; for tests and throw-away data.
        case off

        var pragmaValue: String {
            switch self {
            case .full: "FULL"
            case .normal: "NORMAL"
            case .off: "OFF"
            }
        }
    }

    /// A file path; its folder is created if missing. `:memory:` is not supported, since each
    /// connection would see its own empty database.
    public var path: String
    /// Read-only connections kept open; that many reads run at once, others wait.
    public var readerCount: Int
    public var synchronous: Synchronous
    /// How long a statement waits for a lock held by another process before failing as busy.
    public var busyTimeout: Duration
    /// Writes that arrive together share one transaction and one commit (one fsync), each in
    /// its own savepoint; off, every write has a transaction and a commit of its own.
    public var groupCommit: Bool
    /// At most this many writes share one commit.
    public var groupCommitLimit: Int
    /// How long the lead of a group waits for more writes when the last group held several
    /// (`GroupCommitQueue`); zero: never.
    public var groupCommitDelay: Duration
    /// The default of `groupCommitDelay`, in microseconds (the unit of `--sqlite-group-commit-delay`):
    /// 1 ms served the 90/10 mix 2–10 % more requests (PERFORMANCE.md).
    public static let defaultGroupCommitDelayMicroseconds = 1_000
    /// The page cache of each reader, in KiB (the writer keeps SQLite's 2 MiB). Every reader
    /// caches its own copy of the pages it reads, and the operating system caches the file
    /// anyway: four readers at SQLite's 2 MiB held 8 MiB, a fifth of the server's memory, for no
    /// measurable gain in reads.
    public var readerCacheKiB: Int
    /// Report snapshots open at once (`Database.openSnapshot`), one per user, each on a
    /// connection of its own beside the readers (at most `readerCacheKiB` of cache each): a report
    /// past it is answered 503, never queued behind slow readers.
    public var snapshotLimit: Int = 16

    public init(
        path: String, readerCount: Int = 4, synchronous: Synchronous = .full, busyTimeout: Duration = .seconds(5), groupCommit: Bool = true,
        groupCommitLimit: Int = 64, groupCommitDelay: Duration = .microseconds(defaultGroupCommitDelayMicroseconds), readerCacheKiB: Int = 512
    ) {
        self.path = path
        self.readerCount = readerCount
        self.synchronous = synchronous
        self.busyTimeout = busyTimeout
        self.groupCommit = groupCommit
        self.groupCommitLimit = groupCommitLimit
        self.groupCommitDelay = max(.zero, groupCommitDelay)
        self.readerCacheKiB = max(64, readerCacheKiB)
    }

    var busyTimeoutMilliseconds: Int32 {
        let (seconds, attoseconds) = busyTimeout.components
        let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
        guard !milliseconds.overflow else { return seconds < 0 ? 0 : Int32.max }
        let total = milliseconds.partialValue.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        guard !total.overflow else { return Int32.max }
        return Int32(clamping: max(0, total.partialValue))
    }
}
