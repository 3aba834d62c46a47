import Foundation
import SQLRows
import Testing
@testable import SQLiteGateway

/// The writer's own automatic checkpoint: SQLite's threshold and mode, and its counts.
@Suite("WALCheckpointer")
struct WALCheckpointerTests {
    private func makeDatabase() throws -> TemporaryDatabase {
        let temporary = try TemporaryDatabase(migrated: false, readerCount: 1)
        try temporary.database.write { try $0.execute("CREATE TABLE pages (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)") }
        return temporary
    }

    /// Commits `count` rows of one page-sized payload each, one transaction each, so each adds
    /// about two frames to the log.
    private func writePages(_ count: Int, to database: Database) throws {
        for _ in 0..<count {
            try database.write { connection -> Void in
                _ = try connection.statement("INSERT INTO pages (payload) VALUES (zeroblob(3000))").run()
            }
        }
    }

    @Test("commits below 1,000 log frames run no checkpoint, and the gauge shows the log's frames")
    func noCheckpointBelowThreshold() throws {
        let temporary = try makeDatabase()
        let before = temporary.database.statistics

        try writePages(10, to: temporary.database)

        let after = temporary.database.statistics
        #expect(after.checkpoints == before.checkpoints)
        #expect(after.checkpointedFrames == before.checkpointedFrames)
        #expect(after.walFrames > before.walFrames)
        #expect(after.walFrames < Int(WALCheckpointer.threshold))
    }

    @Test("the commit that takes the log past 1,000 frames runs one checkpoint, counted with the frames it copied")
    func checkpointAtThreshold() throws {
        let temporary = try makeDatabase()
        var written = 0
        // Each commit adds a few frames; stop at the first checkpoint, about 1,200 frames in.
        while temporary.database.statistics.checkpoints == 0 && written < 2_000 {
            try writePages(1, to: temporary.database)
            written += 1
        }

        let statistics = temporary.database.statistics
        #expect(statistics.checkpoints == 1)
        #expect(statistics.checkpointedFrames >= Int(WALCheckpointer.threshold), "no reader held the log: every frame copied")
        #expect(statistics.checkpointedFrames == statistics.walFrames, "the log is kept, every frame of it copied")
        #expect(statistics.checkpointSeconds > 0)

        try writePages(1, to: temporary.database)
        #expect(temporary.database.statistics.checkpoints == 1, "the next commit restarts the log from its start")
        #expect(temporary.database.statistics.walFrames < 10)
    }

    @Test("a reader holding an old snapshot keeps the checkpoint from copying every frame, and both numbers show it")
    func readerLimitsCheckpoint() throws {
        let temporary = try makeDatabase()
        let database = temporary.database
        try writePages(5, to: database)
        let reading = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        done.enter()
        Thread {
            _ = try? database.read { connection in
                try connection.execute("BEGIN")
                _ = try connection.statement("SELECT count(*) FROM pages").rows { $0.int(at: 0) }
                reading.signal()
                release.wait()
                try connection.execute("COMMIT")
            }
            done.leave()
        }.start()
        reading.wait()
        var written = 0
        while temporary.database.statistics.checkpoints == 0 && written < 2_000 {
            try writePages(1, to: temporary.database)
            written += 1
        }
        release.signal()
        done.wait()

        let statistics = temporary.database.statistics
        #expect(statistics.checkpoints == 1)
        #expect(statistics.checkpointedFrames < statistics.walFrames)
    }
}
