import CSQLite
import Domain
import Foundation
import GatewayTestSupport
import SQLRows
import TestSupport
import Testing
@testable import SQLiteGateway

/// Group commit on real temporary databases at `synchronous=FULL`. What a group does to its writes
/// (savepoints, rollbacks, a failed commit) is tested by running a group on the writer directly, as
/// a lead does; the few tests of `GroupCommitter` with real threads form their groups on purpose by
/// holding the writer with one write while the others queue. Who leads and what a group holds is
/// `GroupCommitQueueTests`'s table.
@Suite("Database: group commit")
struct GroupCommitTests {
    private static let createItems = "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, payload BLOB)"
    private static let insertItem = "INSERT INTO items (name) VALUES (?)"

    private struct Refusal: Error {}

    private func makeItemsDatabase(groupCommit: Bool = true) throws -> TemporaryDatabase {
        let temporary = try TemporaryDatabase(migrated: false, readerCount: 2, synchronous: .full, groupCommit: groupCommit)
        try temporary.database.write { try $0.execute(Self.createItems) }
        return temporary
    }

    private func names(_ database: Database) throws -> Set<String> {
        try Set(database.read { try $0.statement("SELECT name FROM items").rows { $0.string(at: 0) ?? "" } })
    }

    /// Runs `bodies` on the writer as one group, in this order, as the lead of a group commit
    /// does, and returns what each write's call would have returned or thrown.
    private func runAsOneGroup(_ database: Database, _ bodies: [(SQLiteConnection) throws -> Void]) -> [Result<Void, any Error>] {
        let writes = bodies.map { PendingWrite($0) }
        database.runGroup(writes)
        return writes.map { write in write.failure.map { .failure($0) } ?? .success(()) }
    }

    /// Runs each of `writers` on its own thread while one write holds the writer, starting the
    /// next only once the previous has queued, then lets the holder finish: the writers then form
    /// one group, in this order. Returns what each writer's `write` returned or threw.
    private func queueAsOneGroup(
        _ database: Database, _ writers: [@Sendable (Database) throws -> Void]
    ) -> [Result<Void, any Error>] {
        let release = DispatchSemaphore(value: 0)
        let holding = DispatchSemaphore(value: 0)
        let results = Locked([Result<Void, any Error>?](repeating: nil, count: writers.count))
        let finished = DispatchGroup()
        finished.enter()
        Thread {
            _ = try? database.write { _ in
                holding.signal()
                release.wait()
            }
            finished.leave()
        }.start()
        holding.wait()
        for (index, writer) in writers.enumerated() {
            finished.enter()
            Thread {
                let result = Result { try writer(database) }
                results.withValue { $0[index] = result }
                finished.leave()
            }.start()
            let deadline = Date().addingTimeInterval(10)
            while database.groupCommitter.waitingCount < index + 1 && Date() < deadline {
                usleep(200)
            }
            #expect(database.groupCommitter.waitingCount == index + 1, "writer \(index) queued behind the holder")
        }
        release.signal()
        finished.wait()
        return results.current.map { $0 ?? .failure(Refusal()) }
    }

    private func insert(_ name: String) -> @Sendable (Database) throws -> Void {
        { database in try database.write { connection -> Void in _ = try connection.statement(Self.insertItem).run([.text(name)]) } }
    }

    private func inserting(_ name: String) -> (SQLiteConnection) throws -> Void {
        { connection in _ = try connection.statement(Self.insertItem).run([.text(name)]) }
    }

    @Test("writes that queue together share one commit, and each is stored when its call returns")
    func writesShareOneCommit() throws {
        let temporary = try makeItemsDatabase()
        let database = temporary.database
        let before = database.statistics

        let results = queueAsOneGroup(database, (0..<8).map { insert("item \($0)") })

        for result in results { #expect(throws: Never.self) { try result.get() } }
        #expect(try names(database) == Set((0..<8).map { "item \($0)" }))
        let after = database.statistics
        #expect(after.commits - before.commits == 2, "the holder's commit, then one for the eight")
        #expect(after.committedWrites - before.committedWrites == 9)
    }

    @Test("three writes grouped count one commit of three writes, in the histogram's bucket of four")
    func groupSizesAreCounted() throws {
        let temporary = try makeItemsDatabase()
        let database = temporary.database
        let before = database.statistics

        _ = queueAsOneGroup(database, [insert("a"), insert("b"), insert("c")])

        let after = database.statistics
        #expect(after.commits - before.commits == 2, "the holder's commit, then one for the three")
        #expect(after.committedWrites - before.committedWrites == 4)
        let grown = zip(after.commitSizeCounts, before.commitSizeCounts).map { $0 - $1 }
        // Bounds 1, 2, 4, 8…: the holder alone in the first bucket, the three in the bucket of four.
        #expect(grown == [1, 0, 1, 0, 0, 0, 0, 0])
        #expect(after.groupCommitWaits == before.groupCommitWaits, "no delay configured: no lead waits")
    }

    @Test("a group whose every write failed counts no commit and no group size")
    func failedGroupIsNotCounted() throws {
        let temporary = try makeItemsDatabase()
        let database = temporary.database
        let before = database.statistics

        _ = runAsOneGroup(database, [{ _ in throw Refusal() }, { _ in throw Refusal() }])

        let after = database.statistics
        #expect(after.commits == before.commits)
        #expect(after.committedWrites == before.committedWrites)
        #expect(after.commitSizeCounts == before.commitSizeCounts)
    }

    @Test("a write that throws in a group loses only its own changes; the others commit")
    func failedWriteRollsBackAlone() throws {
        let temporary = try makeItemsDatabase()
        let database = temporary.database
        try database.write { try $0.statement(Self.insertItem).run([.text("taken")]) }

        let results = runAsOneGroup(database, [
            inserting("a"),
            { connection in
                try connection.statement(Self.insertItem).run([.text("refused 1")])
                try connection.statement(Self.insertItem).run([.text("refused 2")])
                throw Refusal()
            },
            inserting("b"),
            { connection in
                // A constraint violation after a row of its own: that row goes too.
                try connection.statement(Self.insertItem).run([.text("orphan of a conflict")])
                try connection.statement(Self.insertItem).run([.text("taken")])
            },
            inserting("c"),
        ])

        #expect(throws: Never.self) { try results[0].get() }
        #expect(throws: Refusal.self) { try results[1].get() }
        #expect(throws: Never.self) { try results[2].get() }
        let conflict = #expect(throws: SQLiteError.self) { try results[3].get() }
        #expect(conflict?.code == SQLITE_CONSTRAINT)
        #expect(throws: Never.self) { try results[4].get() }
        #expect(try names(database) == ["taken", "a", "b", "c"])
    }

    @Test("a failed commit fails every write of its group and keeps none of their work")
    func failedCommitFailsTheGroup() throws {
        let temporary = try makeItemsDatabase()
        let database = temporary.database
        try database.write { try $0.statement(Self.insertItem).run([.text("kept")]) }
        let fault = Locked<WriteFault?>(nil)
        let walPath = database.configuration.path + "-wal"

        let results = runAsOneGroup(database, [
            inserting("a"), inserting("b"), inserting("c"),
            { connection in
                try connection.statement(Self.insertItem).run([.text("d")])
                // The body succeeds; the log becomes unwritable just before the group's COMMIT.
                let broken = try WriteFault(path: walPath)
                fault.withValue { $0 = broken }
            },
        ])
        fault.withValue { $0?.restore() }

        for result in results {
            let error = #expect(throws: SQLiteError.self) { try result.get() }
            #expect(error?.code == SQLITE_IOERR, "every write of the group gets the commit's error")
            guard case .unavailable = error?.gatewayError else {
                Issue.record("a failed commit is a storage fault (503), got \(String(describing: error?.gatewayError))")
                continue
            }
        }
        #expect(try names(database) == ["kept"], "nothing of the group was stored")
        #expect(database.isAvailable(), "the log works again: ready without a restart")
        try database.write { try $0.statement(Self.insertItem).run([.text("after")]) }
        #expect(try names(database) == ["kept", "after"])
    }

    @Test("a full database fails the write that needs space as unavailable; the writes after it in the group commit")
    func storageFaultInAGroup() throws {
        let temporary = try makeItemsDatabase()
        let database = temporary.database
        try database.write { try $0.statement(Self.insertItem).run([.text("kept")]) }
        try database.withWriter { try $0.execute("PRAGMA max_page_count = 1") }  // clamps to the current size

        let results = runAsOneGroup(database, [
            inserting("a"),
            { connection in
                _ = try connection.statement("INSERT INTO items (name, payload) VALUES ('big', zeroblob(1048576))").run()
            },
            inserting("b"),
        ])

        let full = #expect(throws: SQLiteError.self) { try results[1].get() }
        #expect(full?.code == SQLITE_FULL)
        guard case .unavailable = full?.gatewayError else {
            Issue.record("a full database stays a 503, got \(String(describing: full?.gatewayError))")
            return
        }
        #expect(throws: Never.self) { try results[2].get() }
        // Whatever SQLite did with the rest of the transaction, an acknowledged write is stored
        // and a refused one is not.
        let stored = try names(database)
        #expect(stored.contains("a") == ((try? results[0].get()) != nil))
        #expect(stored.contains("b"))
        #expect(!stored.contains("big"))
        try database.withWriter { try $0.execute("PRAGMA max_page_count = 1000000") }
        #expect(database.isAvailable())
    }

    @Test("a deferred foreign-key violation fails only the write that made it, not the group's commit")
    func deferredViolationIsChargedToItsWrite() throws {
        let temporary = try makeItemsDatabase()
        let database = temporary.database
        try database.write { connection in
            try connection.execute("""
                CREATE TABLE parents (id INTEGER PRIMARY KEY);
                CREATE TABLE children (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parents (id) DEFERRABLE INITIALLY DEFERRED);
                INSERT INTO parents (id) VALUES (1);
                """)
        }

        let results = runAsOneGroup(database, [
            inserting("a"),
            { try $0.execute("INSERT INTO children (id, parent_id) VALUES (10, 99)") },
            { try $0.execute("INSERT INTO children (id, parent_id) VALUES (11, 1)") },
        ])

        #expect(throws: Never.self) { try results[0].get() }
        let violation = #expect(throws: SQLiteError.self) { try results[1].get() }
        #expect(violation?.code == SQLITE_CONSTRAINT)
        #expect(throws: Never.self) { try results[2].get() }
        #expect(try names(database) == ["a"])
        let children = try database.read { try $0.statement("SELECT id FROM children").rows { $0.int(at: 0) } }
        #expect(children == [11])
    }

    @Test("fifty read-then-write increments in one group lose no update")
    func incrementsInOneGroup() throws {
        let temporary = try makeItemsDatabase()
        let database = temporary.database
        try database.write { try $0.execute("CREATE TABLE counter (value INTEGER NOT NULL); INSERT INTO counter VALUES (0)") }
        let before = database.statistics
        let increment: (SQLiteConnection) throws -> Void = { connection in
            let value = try connection.statement("SELECT value FROM counter").rows { $0.int64(at: 0) }.first ?? -1
            try connection.statement("UPDATE counter SET value = ?").run([.integer(value + 1)])
        }

        let results = runAsOneGroup(database, Array(repeating: increment, count: 50))

        for result in results { #expect(throws: Never.self) { try result.get() } }
        let value = try database.read { try $0.statement("SELECT value FROM counter").rows { $0.int64(at: 0) } }
        #expect(value == [50])
        #expect(database.statistics.commits - before.commits == 1)
    }

    @Test("fifty concurrent read-then-write increments, grouped as they come, lose no update", arguments: [true, false])
    func concurrentIncrements(groupCommit: Bool) throws {
        let temporary = try makeItemsDatabase(groupCommit: groupCommit)
        let database = temporary.database
        try database.write { try $0.execute("CREATE TABLE counter (value INTEGER NOT NULL); INSERT INTO counter VALUES (0)") }
        let before = database.statistics
        let failures = Locked<[String]>([])

        Threads.run(count: 50) { _ in
            do {
                try database.write { connection -> Void in
                    let value = try connection.statement("SELECT value FROM counter").rows { $0.int64(at: 0) }.first ?? -1
                    try connection.statement("UPDATE counter SET value = ?").run([.integer(value + 1)])
                }
            } catch {
                failures.withValue { $0.append(String(describing: error)) }
            }
        }

        #expect(failures.current.isEmpty)
        let value = try database.read { try $0.statement("SELECT value FROM counter").rows { $0.int64(at: 0) } }
        #expect(value == [50])
        let after = database.statistics
        #expect(after.committedWrites - before.committedWrites == 50)
        if !groupCommit {
            #expect(after.commits - before.commits == 50, "off: a commit per write")
        }
    }

    @Test("with group commit off, a write queues for no group and commits alone")
    func groupCommitOff() throws {
        let temporary = try makeItemsDatabase(groupCommit: false)
        let database = temporary.database
        let before = database.statistics

        Threads.run(count: 8) { index in
            _ = try? database.write { try $0.statement(Self.insertItem).run([.text("item \(index)")]) }
        }

        #expect(try names(database).count == 8)
        #expect(database.statistics.commits - before.commits == 8)
        #expect(database.groupCommitter.waitingCount == 0)
    }

    /// A database of items whose groups are at most `limit` writes and whose leads wait up to
    /// `delay` for company; removed with `folder`.
    private func makeDelayedDatabase(limit: Int = 64, delay: Duration, in folder: URL) throws -> Database {
        let database = try Database(configuration: DatabaseConfiguration(
            path: folder.appendingPathComponent("a.sqlite").path, readerCount: 1, synchronous: .full, groupCommitLimit: limit,
            groupCommitDelay: delay))
        try database.write { try $0.execute(Self.createItems) }
        return database
    }

    /// Starts `writer` on a thread of its own, and returns once it has queued as the lead: the
    /// queue then holds it, waiting for company or already running.
    private func startLead(_ writer: @escaping @Sendable (Database) throws -> Void, on database: Database, done: DispatchGroup) {
        done.enter()
        Thread {
            try? writer(database)
            done.leave()
        }.start()
        let deadline = Date().addingTimeInterval(10)
        while database.groupCommitter.waitingCount < 1 && Date() < deadline { usleep(200) }
    }

    @Test("a lead waiting for company runs its group once the group is full, or once the delay has passed")
    func leadsWaitForCompany() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-sqlite-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Thirty seconds: a wait that should not happen would stand out from any slow machine.
        let database = try makeDelayedDatabase(limit: 3, delay: .seconds(30), in: folder.appendingPathComponent("full"))
        _ = queueAsOneGroup(database, [insert("a"), insert("b")])
        let before = database.statistics
        let filling = Date()
        let done = DispatchGroup()
        startLead(insert("c"), on: database, done: done)
        for name in ["d", "e"] {
            done.enter()
            Thread {
                try? self.insert(name)(database)
                done.leave()
            }.start()
        }
        done.wait()

        #expect(Date().timeIntervalSince(filling) < 15, "the lead stopped waiting when the third write queued")
        #expect(try names(database) == ["a", "b", "c", "d", "e"])
        #expect(database.statistics.commits - before.commits == 1)
        #expect(database.statistics.groupCommitWaits - before.groupCommitWaits == 1, "one group, started with one wait")

        let waiting = try makeDelayedDatabase(delay: .milliseconds(100), in: folder.appendingPathComponent("delay"))
        _ = queueAsOneGroup(waiting, [insert("a"), insert("b")])
        #expect(waiting.statistics.groupCommitWaits == 0, "a lead after a group of one does not wait")
        try insert("c")(waiting)
        #expect(try names(waiting) == ["a", "b", "c"], "the lead's wait timed out and it committed alone")
        #expect(waiting.statistics.groupCommitWaits == 1)
    }
}
