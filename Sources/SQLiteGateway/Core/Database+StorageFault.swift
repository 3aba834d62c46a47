import CSQLite

/// Storage faults (full, read-only, I/O errors) are transient: the service must notice when one
/// clears without a restart, even if no client write comes to prove it.
extension Database {
    /// Remembers a transient storage fault; contention (BUSY, LOCKED) is not one, it passes by
    /// itself and a read would not see it.
    func noteFault(_ error: any Error) {
        guard let error = error as? SQLiteError, error.isTransient, error.code != SQLITE_BUSY, error.code != SQLITE_LOCKED else {
            return
        }
        recordStorageFault(error)
    }

    /// A write that changes nothing but still reaches the file: the header's `user_version` is
    /// rewritten with its own value and committed, which fails while the file is read-only or
    /// its writes fail (full disk, I/O error). A file within `writeHeadroom` pages of its
    /// `max_page_count`, free pages counted, is reported full without writing: the probe itself
    /// needs no new page, but a create does (the contact, its indexes and, at the commit, a
    /// segment of the search index). Success clears the recorded fault (in `write`).
    static let writeHeadroom: Int64 = 16

    func probeWriter() throws {
        try write { connection in
            let pages = try connection.statement("PRAGMA page_count").rows { $0.int64(at: 0) }.first ?? 0
            let maximum = try connection.statement("PRAGMA max_page_count").rows { $0.int64(at: 0) }.first ?? .max
            let free = try connection.statement("PRAGMA freelist_count").rows { $0.int64(at: 0) }.first ?? 0
            if maximum - pages + free <= Self.writeHeadroom {
                throw SQLiteError(code: SQLITE_FULL, message: "database is at its max_page_count (readiness probe)")
            }
            let version = try connection.statement("PRAGMA user_version").rows { $0.int64(at: 0) }.first ?? 0
            try connection.execute("PRAGMA user_version = \(version)")
        }
    }
}
