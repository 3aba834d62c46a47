/// The places in list order (sort name, then id) of the matches a search read, kept as their
/// UTF-8 bytes in one buffer, so that the page's matches can be picked out in list order.
///
/// A search reads whole buckets of matches (`SQLiteContactOrder`) only to sort them, and keeps
/// the page's 20 of them: a common term at 1 M contacts read 71 in buckets of 64 (39 in buckets of
/// 32). A `String` for each name and id (an allocation, a UTF-8 check and a release each) was
/// ~120,000 of that search's 1.47 M instructions; bytes appended to one buffer and compared in
/// place are what the order needs.
struct ContactMatchPlaces {
    /// One match: its key, and where its sort name and its id lie in `bytes`.
    struct Match {
        let seq: Int64
        let name: Range<Int>
        let id: Range<Int>
    }

    private var bytes: [UInt8] = []
    private var matches: [Match] = []

    /// How many matches were appended.
    var count: Int { matches.count }

    /// Appends the match on the current row of `statement`: key `seq`, its sort name in column
    /// `nameColumn` and its id in `idColumn`. False, appending nothing, when either is NULL.
    mutating func append(seq: Int64, from statement: SQLiteStatement, nameColumn: Int32, idColumn: Int32) -> Bool {
        let start = bytes.count
        guard statement.appendText(at: nameColumn, to: &bytes) else { return false }
        let nameEnd = bytes.count
        guard statement.appendText(at: idColumn, to: &bytes) else {
            bytes.removeSubrange(start...)
            return false
        }
        matches.append(Match(seq: seq, name: start ..< nameEnd, id: nameEnd ..< bytes.count))
        return true
    }

    /// The first `limit` matches in list order: by sort name, then by id, each in SQLite's BINARY
    /// order (`BinaryCollation`), as the list's `ORDER BY` sorts them.
    func first(_ limit: Int) -> [Match] {
        bytes.withUnsafeBytes { buffer in
            matches.sorted { left, right in
                let names = BinaryCollation.compare(
                    UnsafeRawBufferPointer(rebasing: buffer[left.name]), UnsafeRawBufferPointer(rebasing: buffer[right.name]))
                guard names == 0 else { return names < 0 }
                return BinaryCollation.compare(
                    UnsafeRawBufferPointer(rebasing: buffer[left.id]), UnsafeRawBufferPointer(rebasing: buffer[right.id])) < 0
            }.prefix(limit).map { $0 }
        }
    }

    /// The id of `match`, as text.
    func id(of match: Match) -> String {
        String(decoding: bytes[match.id], as: UTF8.self)
    }
}
