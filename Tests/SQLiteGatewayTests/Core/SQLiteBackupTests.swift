import Foundation
import GatewayTestSupport
import Migrations
import SQLRows
import TestSupport
import Testing
@testable import SQLiteGateway

@Suite("backups and checkpoints")
struct SQLiteBackupTests {
    private static let createItems = "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)"

    /// The number of rows of `table` in the database file at `path`, opened on its own.
    private static func count(_ table: String, at path: String) throws -> Int {
        let connection = try SQLiteConnection(path: path, mode: .reader, configuration: DatabaseConfiguration(path: path))
        return try connection.statement("SELECT count(*) FROM \(table)").rows { $0.int(at: 0) }.first ?? -1
    }

    @Test("after a checkpoint the .sqlite file alone, copied elsewhere, holds every table and row")
    func checkpointLeavesACompleteFile() throws {
        let temporary = try TemporaryDatabase()
        try temporary.database.write { try $0.execute(Self.createItems) }
        for index in 0..<50 {
            try temporary.database.write { try $0.statement("INSERT INTO items (name) VALUES (?)").run([.text("item \(index)")]) }
        }
        try temporary.database.checkpoint()

        let wal = temporary.database.configuration.path + "-wal"
        let walSize = (try FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? -1
        #expect(walSize == 0, "TRUNCATE empties the -wal file")
        let elsewhere = temporary.folder.appendingPathComponent("copied/alone.sqlite")
        try FileManager.default.createDirectory(at: elsewhere.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: temporary.database.configuration.path, toPath: elsewhere.path)
        #expect(try Self.count("items", at: elsewhere.path) == 50)
        #expect(try Self.count("schema_migrations", at: elsewhere.path) == Migration.embedded(.sqlite).count)
        #expect(try Self.count("users", at: elsewhere.path) == TestOwners.ids.count)
    }

    @Test("a backup taken while writes run is a consistent copy that passes its integrity check")
    func backupWhileWriting() throws {
        let temporary = try TemporaryDatabase()
        try temporary.database.write { try $0.execute(Self.createItems) }
        let database = temporary.database
        let written = Locked(0)
        let stop = Locked(false)
        let backups = (0..<3).map { temporary.folder.appendingPathComponent("backup-\($0).sqlite").path }
        let failures = Locked<[String]>([])

        Threads.run(count: 2) { index in
            if index == 0 {
                // The writer: one row per transaction until the backups are done.
                while !stop.current {
                    do {
                        try database.write { try $0.statement("INSERT INTO items (name) VALUES (?)").run([.text("row")]) }
                        written.withValue { $0 += 1 }
                    } catch {
                        failures.withValue { $0.append("write: \(error)") }
                        return
                    }
                }
            } else {
                // A writer that failed or stalled writes no more: the wait ends and says so.
                let deadline = Date().addingTimeInterval(30)
                while written.current < 20 && failures.current.isEmpty && Date() < deadline { usleep(1_000) }
                guard written.current >= 20 else {
                    failures.withValue { $0.append("the writer wrote \(written.current) rows in 30 s, not 20") }
                    stop.withValue { $0 = true }
                    return
                }
                for path in backups {
                    do {
                        let before = written.current
                        let summary = try SQLiteBackup(sourcePath: database.configuration.path).copy(to: path)
                        let after = written.current
                        let rows = try Self.count("items", at: path)
                        // The writer counts a row after its commit: one committed row may not be
                        // counted yet when the copy ends.
                        if !(before...(after + 1)).contains(rows) {
                            failures.withValue { $0.append("\(path): \(rows) rows, expected \(before)...\(after + 1)") }
                        }
                        if !summary.tables.contains("items") || !summary.tables.contains("contacts") {
                            failures.withValue { $0.append("\(path): tables \(summary.tables)") }
                        }
                    } catch {
                        failures.withValue { $0.append("backup: \(error)") }
                    }
                }
                stop.withValue { $0 = true }
            }
        }

        #expect(failures.current.isEmpty, "\(failures.current)")
        #expect(written.current > 20)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: temporary.folder.path).filter { $0.contains("partial") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }

    @Test("a backup into a missing folder, onto a folder or over its own database fails with a message and writes nothing")
    func unwritableDestinations() throws {
        let temporary = try TemporaryDatabase()
        let source = temporary.database.configuration.path
        let before = try FileManager.default.contentsOfDirectory(atPath: temporary.folder.path).sorted()
        let cases: [(String, String)] = [
            (temporary.folder.appendingPathComponent("missing/backup.sqlite").path, "does not exist"),
            (temporary.folder.path, "it is a folder"),
            (source, "over the database it copies"),
        ]
        for (destination, words) in cases {
            #expect {
                try SQLiteBackup(sourcePath: source).copy(to: destination)
            } throws: { error in
                (error as? SQLiteBackup.Failure)?.description.contains(words) == true
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.folder.path).sorted() == before)
    }

    @Test("a backup of a database that does not exist fails and creates no file")
    func missingSource() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-backup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect {
            try SQLiteBackup(sourcePath: folder.appendingPathComponent("none.sqlite").path).copy(to: folder.appendingPathComponent("out.sqlite").path)
        } throws: { error in
            (error as? SQLiteBackup.Failure)?.description.contains("no database at") == true
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
