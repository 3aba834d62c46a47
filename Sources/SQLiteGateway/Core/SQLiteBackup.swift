import CSQLite
import Foundation
import SQLRows

/// A consistent copy of a live database file, safe while a server writes to it.
///
/// `VACUUM INTO` runs in one read transaction on a read-only connection: in WAL mode it sees one
/// snapshot and never blocks the writer. The copy is written to a hidden temporary file beside
/// the destination, checked with `PRAGMA integrity_check`, flushed, and only then renamed over the
/// destination, so a failure at any step leaves no half-written backup under the final name.
public struct SQLiteBackup: Sendable {
    /// An operator-facing failure, worded for a terminal.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// What a finished backup holds.
    public struct Summary: Equatable, Sendable {
        /// The backup file (the destination, made absolute).
        public let path: String
        public let bytes: Int
        /// Tables of the copy, by name (SQLite's own excluded).
        public let tables: [String]
    }

    public let sourcePath: String
    public let busyTimeout: Duration

    public init(sourcePath: String, busyTimeout: Duration = .seconds(5)) {
        self.sourcePath = sourcePath
        self.busyTimeout = busyTimeout
    }

    /// Copies the database to `destination`, replacing a file already there.
    public func copy(to destination: String) throws -> Summary {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: sourcePath, isDirectory: &isFolder), !isFolder.boolValue else {
            throw Failure(description: "no database at \(sourcePath)")
        }
        let target = URL(fileURLWithPath: destination).standardizedFileURL
        let folder = target.deletingLastPathComponent()
        if manager.fileExists(atPath: target.path, isDirectory: &isFolder), isFolder.boolValue {
            throw Failure(description: "cannot write the backup to \(destination): it is a folder; name a file")
        }
        guard manager.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw Failure(description: "cannot write the backup to \(destination): folder \(folder.path) does not exist")
        }
        guard access(folder.path, W_OK | X_OK) == 0 else {
            throw Failure(description: "cannot write the backup to \(destination): folder \(folder.path) is not writable")
        }
        if URL(fileURLWithPath: sourcePath).standardizedFileURL.resolvingSymlinksInPath() == target.resolvingSymlinksInPath() {
            throw Failure(description: "cannot write the backup over the database it copies (\(destination))")
        }

        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).partial-\(getpid())-\(UInt32.random(in: 0 ... .max))")
        defer { Self.remove(temporary) }
        // VACUUM INTO fills an empty file it is given: created 0600 first, the copy is as
        // private as the database whatever the umask.
        let created = open(temporary.path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard created >= 0 else {
            throw Failure(description: "cannot create \(temporary.path): \(String(cString: strerror(errno)))")
        }
        fchmod(created, 0o600)
        close(created)
        do {
            let source = try SQLiteConnection(
                path: sourcePath, mode: .reader, configuration: DatabaseConfiguration(path: sourcePath, readerCount: 1, busyTimeout: busyTimeout))
            try source.statement("VACUUM INTO ?").run([.text(temporary.path)])
        } catch let error as SQLiteError {
            throw Failure(description: "cannot back up \(sourcePath) to \(destination): \(error.message)")
        }
        let tables = try Self.verify(temporary)
        try Self.flush(temporary)
        guard rename(temporary.path, target.path) == 0 else {
            throw Failure(description: "cannot rename the finished backup to \(destination): \(String(cString: strerror(errno)))")
        }
        // The rename itself reaches the disk only with its folder.
        Self.flushFolder(folder)
        let bytes = (try? manager.attributesOfItem(atPath: target.path)[.size] as? Int) ?? 0
        return Summary(path: target.path, bytes: bytes, tables: tables)
    }

    /// `PRAGMA integrity_check` on the copy, opened read-only; its table names when it says ok.
    static func verify(_ file: URL) throws -> [String] {
        var handle: OpaquePointer?
        let opened = sqlite3_open_v2(file.path, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        defer { sqlite3_close_v2(handle) }
        guard opened == SQLITE_OK, let handle else {
            throw Failure(description: "cannot open the new backup to verify it: \(String(cString: sqlite3_errstr(opened)))")
        }
        let check = try column("PRAGMA integrity_check", on: handle)
        guard check == ["ok"] else {
            throw Failure(description: "the new backup failed its integrity check: \(check.prefix(5).joined(separator: "; "))")
        }
        return try column("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name", on: handle)
    }

    /// The first column of every row of `sql`, as text.
    private static func column(_ sql: String, on handle: OpaquePointer) throws -> [String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            throw Failure(description: "cannot verify the new backup: \(String(cString: sqlite3_errmsg(handle)))")
        }
        defer { sqlite3_finalize(statement) }
        var values: [String] = []
        while true {
            let result = sqlite3_step(statement)
            if result == SQLITE_DONE { return values }
            guard result == SQLITE_ROW else {
                throw Failure(description: "cannot verify the new backup: \(String(cString: sqlite3_errmsg(handle)))")
            }
            values.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
        }
    }

    private static func flush(_ file: URL) throws {
        let descriptor = open(file.path, O_RDONLY)
        guard descriptor >= 0 else {
            throw Failure(description: "cannot flush the new backup: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw Failure(description: "cannot flush the new backup: \(String(cString: strerror(errno)))")
        }
    }

    private static func flushFolder(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// The temporary copy and any journal SQLite left beside it.
    private static func remove(_ file: URL) {
        for suffix in ["", "-journal", "-wal", "-shm"] {
            unlink(file.path + suffix)
        }
    }
}
