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
    /// merged into one. `ContactSearchIndexMerger` calls this while the writer is idle.
    public func mergeContactSearchIndex(pages: Int = 200) throws -> Bool {
        try withWriter { writer in
            guard writer.hasTable("contacts_search") else { return false }
            let before = sqlite3_total_changes64(writer.handle)
            try writer.statement("BEGIN IMMEDIATE").run()
            do {
                try writer.statement(Self.mergeContactSearch).run([.integer(-Int64(max(1, pages)))])
                try writer.statement("COMMIT").run()
            } catch {
                if !writer.isAutocommit { _ = try? writer.statement("ROLLBACK").run() }
                throw error
            }
            // FTS5's documented signal: fewer than 2 changes means the command found nothing to merge.
            return sqlite3_total_changes64(writer.handle) - before >= 2
        }
    }
}
