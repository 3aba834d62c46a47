import App
import ArgumentParser
import SQLiteGateway

/// `viperd backup OUT`: a consistent copy of the database, safe while the server runs.
struct Backup: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Copy the database to a file, safely while the server runs.",
        discussion: """
            The copy is one consistent snapshot (SQLite's VACUUM INTO on a read-only connection; \
            the server keeps writing meanwhile). It is written beside OUT under a temporary name, \
            checked with PRAGMA integrity_check, and renamed to OUT only then; a file already at \
            OUT is replaced. Restore by stopping the server and putting the copy in place of the \
            database file (removing any -wal and -shm files beside it).
            """)

    @OptionGroup var database: DatabaseOption

    @Argument(help: "The backup file to write.")
    var out: String

    func run() throws {
        let summary = try Operator.run { try SQLiteBackup(sourcePath: database.path).copy(to: out) }
        print("backed up \(database.path) to \(summary.path): \(summary.bytes) bytes, \(summary.tables.count) tables, integrity ok")
    }
}
