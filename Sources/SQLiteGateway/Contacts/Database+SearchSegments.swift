import CSQLite
import SQLRows

extension Database {
    static let searchIndexExists = "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'contacts_search_idx'"

    /// The segments of the contact search index now (for `/metrics`): a search looks each of its
    /// trigrams up in every one, so their number is what `mergeContactSearchIndex` keeps down.
    ///
    /// Read on a reader without counting as a query, so a scrape neither shows in
    /// `statistics.queries` nor keeps `ContactSearchUpkeep` from seeing the server idle. Nil
    /// before the index exists.
    public func contactSearchSegments() throws -> Int? {
        try withUncountedReader { reader in
            // Asked of the schema table rather than `hasTable`: a reader's metadata calls answer from
            // the schema it loaded last, which may predate the migration that made the index.
            guard try !reader.statement(Self.searchIndexExists).rows([], { _ in true }).isEmpty else { return nil }
            // One row per segment and leaf page; its key starts with the segment, so counting
            // the distinct ones walks that index without a sort.
            return try reader.statement("SELECT count(DISTINCT segid) FROM contacts_search_idx").rows { $0.int(at: 0) }.first
        }
    }
}
