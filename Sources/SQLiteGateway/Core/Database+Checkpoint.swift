import CSQLite
import SQLRows

extension Database {
    /// Copies every committed page of the write-ahead log into the database file and empties
    /// the log (`PRAGMA wal_checkpoint(TRUNCATE)`), so the `.sqlite` file alone holds all the data.
    ///
    /// Called when the server stops and when a CLI command is done with the database: a process
    /// that exits without closing its connections leaves the data in the `-wal` file, and an
    /// operator who copies only the `.sqlite` file would get a database without its tables.
    /// Throws when a reader of another process kept the log from being emptied.
    public func checkpoint() throws {
        try withWriter { writer in
            let result = try writer.statement("PRAGMA wal_checkpoint(TRUNCATE)").rows { row in
                (busy: row.int(at: 0), logFrames: row.int(at: 1), checkpointed: row.int(at: 2))
            }
            guard let result = result.first, result.busy == 0 else {
                throw SQLiteError(code: SQLITE_BUSY, message: "checkpoint could not finish: another connection is still reading the write-ahead log")
            }
        }
    }
}
