import App
import ArgumentParser
import Foundation
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
            database file (removing any -wal and -shm files beside it). On PostgreSQL \
            (--database-url) it refuses: use pg_dump, or continuous WAL archiving for \
            point-in-time recovery (docs/DEPLOYMENT.md).
            """)

    @OptionGroup var database: DatabaseOption

    @Argument(help: "The backup file to write.")
    var out: String

    func run() throws {
        guard case .sqlite(let path) = database.location else {
            var standardError = FileHandle.standardError
            print(
                """
                viperd backup: copies an SQLite file, and \(database.location) is a PostgreSQL server: back it up with \
                PostgreSQL's own tools, `pg_dump --format=custom --file viperd.dump URL` for a snapshot or continuous \
                WAL archiving for point-in-time recovery (see docs/DEPLOYMENT.md)
                """, to: &standardError)
            throw ExitCode(1)
        }
        let summary = try Operator.run { try SQLiteBackup(sourcePath: path).copy(to: out) }
        print("backed up \(path) to \(summary.path): \(summary.bytes) bytes, \(summary.tables.count) tables, integrity ok")
    }
}
