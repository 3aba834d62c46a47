import CSQLite
import Foundation

/// Page-cache hits and misses of one reader as SQLite reports them: 32-bit counts since it
/// opened, which wrap around.
struct ReaderCacheCounters: Equatable {
    var hits: UInt32 = 0
    var misses: UInt32 = 0
}

/// Page-cache hits and misses summed over every reader since the database opened.
public struct ReaderCacheStatistics: Equatable, Sendable {
    /// Pages a read found in its reader's cache.
    public var hits = 0
    /// Pages a read had to load from the file (or the operating system's cache).
    public var misses = 0

    public init(hits: Int = 0, misses: Int = 0) {
        self.hits = hits
        self.misses = misses
    }
}

extension Database {
    /// The readers' page-cache hits and misses, read when asked (for `/metrics`) rather than on
    /// every read: the idle readers are visited under the pool's lock, for a few calls of
    /// `sqlite3_db_status` each, and a reader busy with a request counts with what it showed last.
    ///
    /// The counts only grow: each visit adds the difference since the reader's last visit, in
    /// wrapping 32-bit arithmetic, so SQLite's counts wrapping around (its `int`) loses nothing as
    /// long as a reader is visited once every 2³² pages, a few hours at the busiest.
    public var readerCacheStatistics: ReaderCacheStatistics {
        readersCondition.lock()
        defer { readersCondition.unlock() }
        for reader in idleReaders {
            let now = ReaderCacheCounters(hits: reader.status(SQLITE_DBSTATUS_CACHE_HIT), misses: reader.status(SQLITE_DBSTATUS_CACHE_MISS))
            let seen = readerCacheSeen[ObjectIdentifier(reader)] ?? ReaderCacheCounters()
            readerCacheTotals.hits += Int(now.hits &- seen.hits)
            readerCacheTotals.misses += Int(now.misses &- seen.misses)
            readerCacheSeen[ObjectIdentifier(reader)] = now
        }
        return readerCacheTotals
    }
}

extension SQLiteConnection {
    /// `sqlite3_db_status`'s current value of `counter`, not reset, as the 32 bits SQLite keeps.
    func status(_ counter: Int32) -> UInt32 {
        var current: Int32 = 0
        var highest: Int32 = 0
        guard sqlite3_db_status(handle, counter, &current, &highest, 0) == SQLITE_OK else { return 0 }
        return UInt32(bitPattern: current)
    }
}
