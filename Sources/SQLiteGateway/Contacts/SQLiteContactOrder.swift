import Domain
import SQLRows

/// Keeps each contact's `seq`, the key its search index entries carry, in list order by bucket
/// (migration 0011): `seq` is a bucket number (high bits) and a slot in that bucket (low
/// `slotBits`), and along list order, (owner_id, sort_name, id), bucket numbers never decrease.
///
/// The FTS5 index yields its matches in `seq` order, so a search meets an owner's matches bucket by
/// bucket in list order and can stop at the bucket holding its page's last match, however many
/// contacts hold the term: it sorts only the matches of the buckets it read.
///
/// A write never moves another contact. A new contact joins its predecessor's bucket (or, with
/// that bucket's slots used up, its successor's), which keeps bucket numbers in list order
/// whatever the names; only that bucket grows. Splitting a grown bucket moves contacts, which
/// rewrites their index entries (~70 µs each), so it is left to idle time
/// (`ContactBucketSplitter`, run by `ContactSearchUpkeep`): `peel` moves the last `bucketSize`
/// contacts of a bucket holding more than twice that into a new bucket numbered between it and the
/// next, spaced so the rest of the split fits in the same gap.
public struct SQLiteContactOrder: Sendable {
    /// Bits of `seq` that number a contact within its bucket.
    public static let slotBits: Int64 = 24
    /// The slots of a bucket: `seq & slotMask`.
    public static let slotMask: Int64 = (1 << slotBits) - 1
    /// Bucket numbers lie in 1 ..< `bucketLimit`, so every key is a positive Int64.
    public static let bucketLimit: Int64 = 1 << (63 - slotBits)
    /// The bucket of the first contact of an empty table; splits number new buckets above it.
    public static let firstBucket: Int64 = 1
    /// How far above the last bucket of all a split or a create numbers a new one. Every new
    /// user's contacts come last (user ids sort by time), so the last bucket is split again and
    /// again; numbering its pieces over a fraction of the rest of the key space (as between two
    /// buckets) used it up in 94 splits, a few thousand contacts, after which the last bucket
    /// could never be split and every later user shared it. With this stride, 2^21 splits.
    public static let tailStride: Int64 = 1 << 20

    /// How many contacts a split leaves in each bucket; a bucket is split once it holds more than
    /// twice this. A search sorts up to about two buckets' matches beyond its page.
    public let bucketSize: Int

    /// `bucketSize` is at least 1.
    public init(bucketSize: Int) {
        self.bucketSize = max(1, bucketSize)
    }

    /// What the server uses. 32, not 64: a search reads to the end of the bucket holding its
    /// page's last match, and a common term at 1 M contacts read 71 rows for a page of 20 in
    /// buckets of 64 (PERFORMANCE.md). Smaller buckets are split twice as often, each split half
    /// as large (about one move per create either way), and use up the numbers above the last
    /// bucket (`tailStride`) twice as fast. Migration 0011 numbered the contacts it found in
    /// buckets of 64, which stay whole until a create joins them; buckets of 65 to 128, left by
    /// splits at 64, are split once by the idle upkeep after the upgrade.
    public static let standard = SQLiteContactOrder(bucketSize: 32)

    /// The bucket of key `seq`.
    public static func bucket(of seq: Int64) -> Int64 { seq >> slotBits }

    /// ?1 owner, ?2 sort name, ?3 id: the key of the contact just before that place in list order,
    /// and the highest key of its bucket.
    static let predecessorAndLastKey = """
        SELECT p.seq, (SELECT max(seq) FROM contacts WHERE seq BETWEEN p.seq & ~\(slotMask) AND p.seq | \(slotMask)) \
        FROM (SELECT seq FROM contacts WHERE (owner_id, sort_name, id) < (?1, ?2, ?3) \
        ORDER BY owner_id DESC, sort_name DESC, id DESC LIMIT 1) AS p
        """
    /// ?1 owner, ?2 sort name, ?3 id: the key of the contact just after that place in list order.
    static let after = """
        SELECT seq FROM contacts WHERE (owner_id, sort_name, id) > (?1, ?2, ?3) ORDER BY owner_id, sort_name, id LIMIT 1
        """
    /// ?1, ?2: a bucket's first and last key.
    static let lastKey = "SELECT max(seq) FROM contacts WHERE seq BETWEEN ?1 AND ?2"
    static let count = "SELECT count(*) FROM contacts WHERE seq BETWEEN ?1 AND ?2"
    /// ?1: a bucket's last key; the first key above it.
    static let nextKey = "SELECT seq FROM contacts WHERE seq > ?1 ORDER BY seq LIMIT 1"
    /// ?1, ?2: a bucket's first and last key: the place of its first contact in list order. NOT
    /// INDEXED reads the bucket by key range instead of walking `contacts_owner_sort`.
    static let firstInListOrder = """
        SELECT owner_id, sort_name, id FROM contacts NOT INDEXED WHERE seq BETWEEN ?1 AND ?2 \
        ORDER BY owner_id, sort_name, id LIMIT 1
        """
    /// ?1 owner, ?2 sort name, ?3 id, ?4 how many: the keys of the contacts just before that place, nearest first.
    static let lastBefore = """
        SELECT seq FROM contacts WHERE (owner_id, sort_name, id) < (?1, ?2, ?3) \
        ORDER BY owner_id DESC, sort_name DESC, id DESC LIMIT ?4
        """
    /// ?1 how many: the keys of the last contacts in list order, last first.
    static let lastOfAll = "SELECT seq FROM contacts ORDER BY owner_id DESC, sort_name DESC, id DESC LIMIT ?1"
    static let move = "UPDATE contacts SET seq = ?2 WHERE seq = ?1"
    /// Every key in order: a census counts the contacts of each bucket from it.
    static let allKeys = "SELECT seq FROM contacts ORDER BY seq"

    /// The key for `contact` at its place in list order, inside the write that stores it.
    /// `current`, the key of the stored contact an update replaces, is kept while the place still
    /// lies between its neighbours' buckets.
    public static func key(for contact: Contact, current: Int64? = nil, on connection: SQLiteConnection) throws -> Int64 {
        let place: [SQLValue] = [.text(contact.ownerID.rawValue), .text(contact.sortName), .text(contact.id.rawValue)]
        // The predecessor's bucket, and the last key used in it (one statement: the create path
        // runs this and nothing else in almost every case).
        let predecessor = try connection.statement(predecessorAndLastKey).rows(place) { row in
            (bucket: bucket(of: row.int64(at: 0)), last: row.int64(at: 1))
        }.first
        let below = predecessor?.bucket
        // Read only when needed: a create whose predecessor's bucket has room (almost every one) runs two seeks.
        var above: Int64?? = nil
        func readAbove() throws -> Int64? {
            if let above { return above }
            let read = try connection.statement(after).rows(place) { bucket(of: $0.int64(at: 0)) }.first
            above = .some(read)
            return read
        }
        if let current {
            // The stored contact itself may be a neighbour; it lies between the real ones, so its
            // bucket does too, and the bounds stay right.
            let kept = bucket(of: current)
            if (below ?? kept) <= kept, try kept <= (readAbove() ?? kept) { return current }
        }
        // Compared before adding: past the bucket's last slot lies the next bucket (or, after the
        // very last key, no Int64 at all).
        if let predecessor, predecessor.last < predecessor.bucket << slotBits | slotMask { return predecessor.last + 1 }
        let successor = try readAbove()
        // No contact at all: the first bucket.
        if below == nil, successor == nil { return firstBucket << slotBits + 1 }
        // The predecessor's last slot is taken: churn walked it there, or 2^24 contacts came with no idle second.
        return try keyPastUsedTop(below: below, above: successor, on: connection)
    }

    /// The key after the last one used in `bucket`, or nil when its slots are used up.
    static func freeKey(in bucket: Int64, on connection: SQLiteConnection) throws -> Int64? {
        let first = bucket << slotBits
        let last = try connection.statement(lastKey).rows([.integer(first), .integer(first | slotMask)]) { row in
            row.isNull(at: 0) ? nil : row.int64(at: 0)
        }.first ?? nil
        guard let last else { return first + 1 }
        return last < first | slotMask ? last + 1 : nil
    }

    /// The buckets holding more than twice `bucketSize` contacts, in key order.
    public func oversizedBuckets(on connection: SQLiteConnection) throws -> [Int64] {
        try census(on: connection).oversized
    }

    /// From one read of every key in order: the buckets holding more than twice `bucketSize`
    /// contacts (to split), and those with a key in their top `renumberHeadroom` slots that
    /// `renumberStep` can bring below it (to renumber), each in key order.
    public func census(on connection: SQLiteConnection) throws -> (oversized: [Int64], crowdedAtTop: [Int64]) {
        let statement = try connection.statement(Self.allKeys)
        defer { statement.reset() }
        var oversized: [Int64] = []
        var crowded: [Int64] = []
        var current: Int64 = -1
        var held: Int64 = 0
        var last: Int64 = 0
        func close() {
            if held > 0, Self.needsRenumbering(lastKey: last, held: held) { crowded.append(current) }
        }
        while try statement.step() {
            let key = statement.int64(at: 0)
            let bucket = Self.bucket(of: key)
            if bucket != current {
                close()
                current = bucket
                held = 0
            }
            held += 1
            last = key
            if held == 2 * Int64(bucketSize) + 1 { oversized.append(bucket) }
        }
        close()
        return (oversized, crowded)
    }

    /// How many buckets a split of `bucket` peels off, one `peel` each: none while it holds no
    /// more than twice `bucketSize` contacts, else enough to leave `bucketSize` to
    /// `2 * bucketSize - 1` in each. Counting reads the bucket's keys once.
    public func piecesToPeel(from bucket: Int64, on connection: SQLiteConnection) throws -> Int {
        let first = bucket << Self.slotBits
        let held = try connection.statement(Self.count).rows([.integer(first), .integer(first | Self.slotMask)]) { $0.int(at: 0) }
            .first ?? 0
        return held > 2 * bucketSize ? held / bucketSize - 1 : 0
    }

    /// In the open write transaction, moves the last `bucketSize` contacts (in list order) of
    /// `bucket` into a new bucket between it and the next one, numbered so that the `pieces - 1`
    /// still to be peeled after it fit evenly below it. The first peel of a split (`isFirst`)
    /// keeps half the gap above the new bucket: names added in order (an import, a run of numbered
    /// names) keep landing in the last piece, which can then be split again many times. False,
    /// moving nothing, when the gap to the next bucket has no number left for them (the bucket
    /// then stays whole: searches stay right, only slower there) or the bucket holds fewer than
    /// `bucketSize` contacts.
    ///
    /// The bucket's last contacts in list order are those just before the first contact of the
    /// next bucket (or the last of all): the index walks back `bucketSize` steps from there, and
    /// only the next bucket's keys are read to find it, never the whole of the bucket peeled.
    public func peel(_ bucket: Int64, pieces: Int, isFirst: Bool = false, on connection: SQLiteConnection) throws -> Bool {
        let last = bucket << Self.slotBits | Self.slotMask
        let nextKey = try connection.statement(Self.nextKey).rows([.integer(last)]) { $0.int64(at: 0) }.first
        let next = nextKey.map(Self.bucket(of:)) ?? min(Self.bucketLimit, bucket + Self.tailStride)
        let pieces = Int64(max(1, pieces))
        let gap = isFirst && (next - bucket) / 2 > pieces ? (next - bucket) / 2 : next - bucket
        guard gap > pieces else { return false }
        let target = bucket + gap / (pieces + 1) * pieces
        let size = Int64(bucketSize)
        var moving: [Int64]
        if let nextKey {
            let nextFirst = Self.bucket(of: nextKey) << Self.slotBits
            let place = try connection.statement(Self.firstInListOrder)
                .rows([.integer(nextFirst), .integer(nextFirst | Self.slotMask)]) { row in
                    [SQLValue.text(row.string(at: 0) ?? ""), .text(row.string(at: 1) ?? ""), .text(row.string(at: 2) ?? "")]
                }.first ?? []
            moving = try connection.statement(Self.lastBefore).rows(place + [.integer(size)]) { $0.int64(at: 0) }
        } else {
            moving = try connection.statement(Self.lastOfAll).rows([.integer(size)]) { $0.int64(at: 0) }
        }
        guard moving.count == bucketSize, moving.allSatisfy({ Self.bucket(of: $0) == bucket }) else { return false }
        let move = try connection.statement(Self.move)
        for (slot, key) in moving.reversed().enumerated() {
            // The target bucket is empty: no key it gets is held by another contact.
            try move.run([.integer(key), .integer(target << Self.slotBits + Int64(slot) + 1)])
        }
        return true
    }
}
