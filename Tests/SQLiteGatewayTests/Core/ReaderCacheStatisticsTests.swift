import Foundation
import SQLRows
import Testing
@testable import SQLiteGateway

/// The readers' page-cache counts, read from the idle readers when asked.
@Suite("Database: reader cache statistics")
struct ReaderCacheStatisticsTests {
    private func makeDatabase() throws -> TemporaryDatabase {
        // One reader: every read below runs on the same connection and its cache.
        let temporary = try TemporaryDatabase(migrated: false, readerCount: 1)
        try temporary.database.write { connection -> Void in
            try connection.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
            try connection.execute(
                "WITH RECURSIVE n(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM n WHERE value < 2000) "
                    + "INSERT INTO items (name) SELECT 'item ' || value FROM n")
        }
        return temporary
    }

    private func readAll(_ database: Database) throws {
        _ = try database.read { try $0.statement("SELECT count(*), max(name) FROM items").rows { $0.int(at: 0) } }
    }

    @Test("a read on a cold reader misses, the same read again hits without missing, and asking moves nothing")
    func coldThenWarm() throws {
        let temporary = try makeDatabase()
        let database = temporary.database
        let start = database.readerCacheStatistics

        try readAll(database)
        let cold = database.readerCacheStatistics
        #expect(cold.misses > start.misses)

        try readAll(database)
        let warm = database.readerCacheStatistics
        #expect(warm.hits > cold.hits)
        #expect(warm.misses == cold.misses)
        #expect(database.readerCacheStatistics == warm)
    }

    @Test("a busy reader counts with what it showed last, and its reads count once it is back")
    func busyReaderKeepsItsCounts() throws {
        let temporary = try makeDatabase()
        let database = temporary.database
        try readAll(database)
        let before = database.readerCacheStatistics
        let reading = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        done.enter()
        Thread {
            _ = try? database.read { connection in
                _ = try connection.statement("SELECT count(*), max(name) FROM items").rows { $0.int(at: 0) }
                reading.signal()
                release.wait()
            }
            done.leave()
        }.start()
        reading.wait()
        #expect(database.readerCacheStatistics == before, "the busy reader is not visited")
        release.signal()
        done.wait()
        #expect(database.readerCacheStatistics.hits > before.hits)
    }
}
