import SQLRows

/// What a search of three or more characters asks the FTS5 index for: the whole folded pattern as
/// one phrase, or only its stretches of rare trigrams, whose matches are then checked against the
/// stored texts.
///
/// FTS5 evaluates a phrase by moving every trigram's list of contacts to each candidate in turn. A
/// trigram that nearly every contact holds ("con" of "contact 987654") costs a page load at every
/// candidate and narrows nothing the rare ones have not narrowed already. At 1 M contacts that
/// phrase took 0.25 ms; the stretch " 987654" took 0.06 ms and the check of its one candidate less
/// than a microsecond.
///
/// How common a trigram is comes from FTS5's own page directory (`contacts_search_idx`: per segment,
/// leaf page numbers keyed by a term that starts on them): a trigram's list ends before the next
/// page listed under a later term, so the pages in between bound how far it runs beyond its first
/// page. Two index seeks per trigram and segment, in one statement. The bound is coarse (a short
/// list on the page where a long one starts looks long, and a page holds ~1,000 short entries),
/// which `narrowest` allows for. Counting only the pages beyond the first keeps the many small
/// segments of a write burst from making every trigram look alike. That table is FTS5's internal
/// layout; were it ever to change, only the choice would suffer, never the answer, because a
/// stretch's matches are always checked.
public struct ContactSearchPhrase: Equatable, Sendable {
    /// The FTS5 query: one phrase, or several joined by `AND`, each quoted.
    public let query: String
    /// Whether the matches must be checked against the whole pattern (`query` holds parts of it,
    /// or FTS5 reads some of its characters as others).
    public let needsCheck: Bool

    /// A stretch may hold trigrams whose lists are at most this many times the rarest one's: such a
    /// trigram still narrows the candidates without costing much more.
    static let widening: Int64 = 4
    /// When even the rarest trigram runs over more leaf pages than this (~1,000 contacts each), the
    /// whole phrase is asked for: its matches are dense enough that a page stops early, and every
    /// candidate of a stretch would cost a check.
    static let commonPages: Int64 = 256
    /// Scalars FTS5 does not index as themselves.
    static let readOtherwise: Set<Unicode.Scalar> = ["\u{0}", "\u{FFFE}", "\u{FFFF}"]
    /// The fewest characters a pattern can be narrowed from: three trigrams.
    static let narrowableLength = 5
    /// Pages counted for a trigram whose list's length cannot be read: never taken as rare.
    static let unknownPages: Int64 = 1 << 40

    /// ?1 the folded pattern: for each of its trigrams in order (`length` and `substr` count
    /// characters, as the trigram tokenizer does), the leaf pages its list runs beyond its first,
    /// summed over the index's segments. Index terms are the trigram's UTF-8 bytes after FTS5's
    /// main-index prefix "0"; `pgno` carries the page number above a flag bit. Past a segment's last
    /// directory entry, the list runs to the segment's last leaf page, the highest of its rows in
    /// `contacts_search_data` (ids: segment << 37, plus the page number). CROSS JOIN keeps the
    /// trigrams outside: the other order took 140 µs at 1 M contacts instead of 25.
    static let pagesPerTrigram = """
        WITH RECURSIVE \
        position(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM position WHERE i < length(?1) - 2), \
        segment(id) AS (SELECT min(segid) FROM contacts_search_idx \
        UNION ALL SELECT (SELECT min(segid) FROM contacts_search_idx WHERE segid > segment.id) FROM segment WHERE segment.id IS NOT NULL), \
        trigram(i, term) AS (SELECT i, CAST('0' || substr(?1, i, 3) AS BLOB) FROM position) \
        SELECT trigram.i, sum(coalesce((SELECT pgno >> 1 FROM contacts_search_idx \
        WHERE segid = segment.id AND term > trigram.term ORDER BY term LIMIT 1), \
        (SELECT max(id) FROM contacts_search_data WHERE id BETWEEN segment.id << 37 AND (segment.id << 37) + 2147483647) \
        - (segment.id << 37) + 1, \(unknownPages)) - 1 \
        - coalesce((SELECT pgno >> 1 FROM contacts_search_idx \
        WHERE segid = segment.id AND term <= trigram.term ORDER BY term DESC LIMIT 1), 0)) \
        FROM trigram CROSS JOIN segment WHERE segment.id IS NOT NULL GROUP BY trigram.i ORDER BY trigram.i
        """

    /// The phrase for `pattern` (folded, at least three characters), from the index as `connection`
    /// sees it.
    static func choose(for pattern: String, on connection: SQLiteConnection) throws -> ContactSearchPhrase {
        let scalars = Array(pattern.unicodeScalars)
        // FTS5 reads U+FFFE and U+FFFF as U+FFFD, in the stored texts and in the query alike, and
        // its trigram tokenizer skips U+0000: the phrase then matches more than the pattern, so
        // its matches are checked. SQL's length() also stops at U+0000, so the directory's
        // positions would not line up with these scalars.
        guard !scalars.contains(where: Self.readOtherwise.contains) else {
            return ContactSearchPhrase(query: quoted(pattern), needsCheck: true)
        }
        // A stretch holds two trigrams and fewer than all, so a pattern needs three (five
        // characters) before the directory is worth reading: shorter ones, the commonest states
        // of a search box, skip its ~25 µs.
        guard scalars.count >= narrowableLength else {
            return ContactSearchPhrase(query: quoted(pattern), needsCheck: false)
        }
        // The choice is made once per pattern while the database is unchanged: a repeated search
        // skips the directory's ~25 µs and the choosing, and a stale choice could only be slower,
        // never answer wrong (a whole phrase is exact, a part is checked).
        return try connection.remembered("ContactSearchPhrase " + pattern) {
            let pages = try connection.statement(pagesPerTrigram).rows([.text(pattern)]) { $0.int64(at: 1) }
            // An empty index (no segment) gives no row: nothing to choose between.
            guard pages.count == scalars.count - 2, let stretches = narrowest(pages: pages) else {
                return ContactSearchPhrase(query: quoted(pattern), needsCheck: false)
            }
            let phrases = stretches.map { trigrams in
                var stretch = String.UnicodeScalarView()
                stretch.append(contentsOf: scalars[trigrams.lowerBound ..< trigrams.upperBound + 2])
                return quoted(String(stretch))
            }
            return ContactSearchPhrase(query: phrases.joined(separator: " AND "), needsCheck: true)
        }
    }

    /// The trigrams (by position) to ask for, given how many leaf pages each one's list runs beyond
    /// its first: every run of neighbours each at most `widening` times as common as the rarest (a
    /// list within one page counts as one), in pattern order, asked for together. A run of a single
    /// trigram takes its rarer neighbour along: the directory cannot tell a list of a few contacts
    /// from one that fills its page (~1,000 at 10,000 contacts: "t 9" of "contact 9876"), and alone
    /// it let through every contact holding it ("987" of "contact 987": 3,999 candidates, thirteen
    /// times the instructions of its pair). The neighbour, even one every contact holds, keeps
    /// the candidates to those holding both side by side; runs that then touch or overlap are one
    /// phrase. Every rare run is asked for, not only the longest: the directory shows a rare
    /// trigram as long when a long list starts on its page (" 98" before " co"), which splits one
    /// rare run into two, and each still narrows. Nil when even the rarest is common (its matches
    /// are dense enough that a page stops early), or when the runs cover the whole pattern (then
    /// nothing needs checking).
    static func narrowest(pages: [Int64]) -> [Range<Int>]? {
        guard let least = pages.min(), least <= commonPages else { return nil }
        let bound = max(least, 1) * widening
        var stretches: [Range<Int>] = []
        var start: Int?
        for index in 0...pages.count {
            if index < pages.count && pages[index] <= bound {
                if start == nil { start = index }
                continue
            }
            guard let first = start else { continue }
            start = nil
            var run = first ..< index
            if run.count == 1 && pages.count > 1 {
                let before = first - 1, after = index
                let takesBefore = after >= pages.count || (before >= 0 && pages[before] < pages[after])
                run = takesBefore ? before ..< index : first ..< after + 1
            }
            // Runs that now touch or overlap ask for one longer phrase instead of two.
            if let last = stretches.last, last.upperBound >= run.lowerBound {
                stretches[stretches.count - 1] = last.lowerBound ..< max(last.upperBound, run.upperBound)
            } else {
                stretches.append(run)
            }
        }
        guard stretches != [0 ..< pages.count] else { return nil }
        return stretches
    }

    /// `text` as one FTS5 phrase: quoted, with `"` doubled, so query syntax (`OR`, `*`, `NEAR(`, `-`,
    /// `:`, `^`) is only ever text to find.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacing("\"", with: "\"\"") + "\""
    }
}
