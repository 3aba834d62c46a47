import SQLiteGateway
import Web

extension Storage {
    /// The SQLite store's series for `/metrics` (`SQLiteMetrics`); nil on PostgreSQL, whose
    /// server keeps the equivalents itself. A search index that cannot be read leaves out the
    /// segment gauge rather than the scrape.
    var sqliteMetrics: SQLiteMetrics? {
        guard case .sqlite(let database) = engine else { return nil }
        let statistics = database.statistics
        let cache = database.readerCacheStatistics
        return SQLiteMetrics(
            commits: statistics.commits, committedWrites: statistics.committedWrites, groupSizeCounts: statistics.commitSizeCounts,
            groupCommitWaits: statistics.groupCommitWaits, checkpoints: statistics.checkpoints,
            checkpointedFrames: statistics.checkpointedFrames, checkpointSeconds: statistics.checkpointSeconds,
            walFrames: statistics.walFrames, readerCacheHits: cache.hits, readerCacheMisses: cache.misses,
            searchSegments: (try? database.contactSearchSegments()) ?? nil, searchMerges: statistics.searchMerges)
    }
}
