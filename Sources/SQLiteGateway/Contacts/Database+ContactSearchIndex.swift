import CSQLite
import SQLRows

extension Database {
    static let firstPendingContact = "SELECT 1 FROM contacts_search_pending LIMIT 1"
    static let indexPendingContacts = """
        INSERT INTO contacts_search (rowid, search_name, search_email, search_phone) \
        SELECT contacts.seq, search_name, search_email, search_phone \
        FROM contacts_search_pending CROSS JOIN contacts ON contacts.seq = contacts_search_pending.seq
        """
    static let clearPendingContacts = "DELETE FROM contacts_search_pending"
    /// ?1: at most this many pages of the index rewritten, negative so that segments of every level
    /// are merged, towards one segment (FTS5's 'merge' command).
    static let mergeContactSearch = "INSERT INTO contacts_search (contacts_search, rank) VALUES ('merge', ?1)"

    /// Indexes the contacts the open write transaction wrote, which migration 0010's triggers note
    /// in `contacts_search_pending`, and empties that list. The last work of every write
    /// transaction, just before its COMMIT: the index changes with the contacts, atomically, and
    /// a failure here fails the commit.
    ///
    /// Once per transaction rather than per write: FTS5 writes its pending terms out as a new
    /// segment at every savepoint, and group commit gives each write a savepoint, so indexing
    /// row by row cost every create a segment and its merges.
    func indexPendingContacts() throws {
        // Before migration 0010 (while migrating, or in tests of older schemas) there is no list.
        guard writer.hasTable("contacts_search_pending") else { return }
        guard try !writer.statement(Self.firstPendingContact).rows([], { _ in true }).isEmpty else { return }
        try writer.statement(Self.indexPendingContacts).run()
        try writer.statement(Self.clearPendingContacts).run()
    }

    /// Merges segments of the search index in one write transaction of its own, rewriting about
    /// `pages` pages; false when there was nothing left to merge.
    ///
    /// Every transaction that indexes contacts adds a segment, and FTS5 merges them only now and
    /// then: a search looks each of its trigrams up in every segment, so a rare term over a
    /// million contacts took 0.85 ms with the segments a bulk load leaves and 0.21 ms once
    /// merged into one. `ContactSearchUpkeep` calls this while the server is idle.
    public func mergeContactSearchIndex(pages: Int = 200) throws -> Bool {
        let merged = try inOwnWriteTransaction { writer in
            guard writer.hasTable("contacts_search") else { return false }
            let before = sqlite3_total_changes64(writer.handle)
            try writer.statement(Self.mergeContactSearch).run([.integer(-Int64(max(1, pages)))])
            // FTS5's documented signal: fewer than 2 changes means the command found nothing to merge.
            return sqlite3_total_changes64(writer.handle) - before >= 2
        }
        if merged { recordSearchMerge() }
        return merged
    }

    /// The buckets of contact keys holding more than twice `order.bucketSize` contacts, from a
    /// census of every key (about 0.1 s per million contacts), on the writer so that it counts as
    /// no query of the server's.
    public func oversizedContactBuckets(order: SQLiteContactOrder = .standard) throws -> [Int64] {
        try withWriter { writer in
            guard writer.hasTable("contacts") else { return [] }
            return try order.oversizedBuckets(on: writer)
        }
    }

    /// One census of the contact keys (`SQLiteContactOrder.census`): the buckets to split and
    /// those to renumber for having a key near their top slot.
    public func contactBucketCensus(
        order: SQLiteContactOrder = .standard
    ) throws -> (oversized: [Int64], crowdedAtTop: [Int64]) {
        try withWriter { writer in
            guard writer.hasTable("contacts") else { return ([], []) }
            return try order.census(on: writer)
        }
    }

    /// Moves up to `order.bucketSize` keys of `bucket` into its lowest free slots, in one write
    /// transaction that reindexes them before it commits (`SQLiteContactOrder.renumberStep`);
    /// where the next step starts, or nil when the bucket is renumbered.
    public func renumberContactBucket(_ bucket: Int64, from start: Int64? = nil, order: SQLiteContactOrder = .standard) throws -> Int64? {
        try inOwnWriteTransaction { writer in
            guard let next = try order.renumberStep(bucket, from: start, on: writer) else { return nil }
            try indexPendingContacts()
            return next
        }
    }

    /// How many buckets a split of `bucket` peels off (`SQLiteContactOrder.piecesToPeel`).
    public func piecesToPeel(from bucket: Int64, order: SQLiteContactOrder = .standard) throws -> Int {
        try withWriter { writer in try order.piecesToPeel(from: bucket, on: writer) }
    }

    /// Moves the last `order.bucketSize` contacts of `bucket` into a bucket of their own, in one
    /// write transaction that reindexes them before it commits (`SQLiteContactOrder.peel`); false
    /// when it moved nothing.
    public func peelContactBucket(
        _ bucket: Int64, pieces: Int, isFirst: Bool = false, order: SQLiteContactOrder = .standard
    ) throws -> Bool {
        try inOwnWriteTransaction { writer in
            guard try order.peel(bucket, pieces: pieces, isFirst: isFirst, on: writer) else { return false }
            try indexPendingContacts()
            return true
        }
    }

    /// Runs `body` in a write transaction of its own on the writer, outside group commit: upkeep
    /// that no request waits for.
    private func inOwnWriteTransaction<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try withWriter { writer in
            try writer.statement("BEGIN IMMEDIATE").run()
            do {
                let result = try body(writer)
                try writer.statement("COMMIT").run()
                return result
            } catch {
                if !writer.isAutocommit { _ = try? writer.statement("ROLLBACK").run() }
                throw error
            }
        }
    }
}
