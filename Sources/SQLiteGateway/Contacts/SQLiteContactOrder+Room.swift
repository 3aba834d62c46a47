import Domain
import SQLRows

/// Where a new key comes from once its predecessor's bucket has its last slot taken (issue 36).
///
/// Churn reaches that state cheaply: two names that sort last, created and deleted in turn, each
/// take the bucket's last key plus one, so about 16.8 million pairs walk a bucket holding two
/// contacts to its top slot. The next contact after it in list order (the first of every user who
/// registers later, whose id sorts after) must still get a key, and one in list order: every
/// fallback here keeps bucket numbers non-decreasing along (owner_id, sort_name, id), so the
/// search needs nothing of its own. The idle upkeep renumbers such a bucket
/// (`renumberStep`), so these paths stay rare.
extension SQLiteContactOrder {
    /// ?1 the lowest key to consider, ?2 the bucket's last key: the lowest key from ?1 on that no
    /// contact holds, or NULL. The scan stops at the first gap; `?2 - 1` keeps `seq + 1` inside
    /// the bucket and inside Int64.
    static let firstFreeKey = """
        SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM contacts WHERE seq = ?1) THEN ?1 ELSE \
        (SELECT c.seq + 1 FROM contacts AS c WHERE c.seq BETWEEN ?1 AND ?2 - 1 \
        AND NOT EXISTS (SELECT 1 FROM contacts WHERE seq = c.seq + 1) ORDER BY c.seq LIMIT 1) END
        """
    /// ?1, ?2: a bucket's first and last key: the key of its first contact in list order.
    static let firstKeyInListOrder = """
        SELECT seq FROM contacts NOT INDEXED WHERE seq BETWEEN ?1 AND ?2 ORDER BY owner_id, sort_name, id LIMIT 1
        """
    /// ?1, ?2: a bucket's first and last key: the key of its last contact in list order.
    static let lastKeyInListOrder = """
        SELECT seq FROM contacts NOT INDEXED WHERE seq BETWEEN ?1 AND ?2 ORDER BY owner_id DESC, sort_name DESC, id DESC LIMIT 1
        """

    /// A key between the buckets `below` (the predecessor's, whose last slot is taken) and `above`
    /// (the successor's), nil meaning no such neighbour, in the open write transaction. Tried in
    /// order of cost:
    /// 1. the slot after the successor's bucket's last key;
    /// 2. a new bucket halfway between the two (every bucket strictly between a contact's
    ///    neighbours is empty, since bucket numbers follow list order); past the last contact of
    ///    all, halfway up the next `tailStride` numbers: a full last bucket opens a new one;
    /// 3. the lowest free slot of either bucket, below its top: what churn leaves;
    /// 4. both buckets full, their numbers adjacent: one contact per full bucket moves across a
    ///    bucket boundary towards the nearest free key, each in list order, which frees a slot
    ///    here. Only 2^24 contacts in each of those buckets reach this.
    ///
    /// Throws only when every key of every bucket is held, which no disk holds.
    static func keyPastUsedTop(below: Int64?, above: Int64?, on connection: SQLiteConnection) throws -> Int64 {
        if let above, let key = try freeKey(in: above, on: connection) { return key }
        let lower = below ?? firstBucket - 1
        let upper = above ?? min(bucketLimit, lower + tailStride)
        if upper - lower >= 2 { return (lower + (upper - lower) / 2) << slotBits + 1 }
        for bucket in [below, above].compactMap({ $0 }) {
            if let key = try lowestFreeKey(in: bucket, from: bucket << slotBits + 1, on: connection) { return key }
        }
        if let below, let key = try shiftedKey(into: below, downwards: true, on: connection) { return key }
        if let above, let key = try shiftedKey(into: above, downwards: false, on: connection) { return key }
        throw GatewayError.failure("no free key left for a contact between buckets \(below ?? -1) and \(above ?? -1)")
    }

    /// The lowest key of `bucket` from `start` on that no contact holds, or nil when all are held.
    static func lowestFreeKey(in bucket: Int64, from start: Int64, on connection: SQLiteConnection) throws -> Int64? {
        try connection.statement(firstFreeKey).rows([.integer(start), .integer(bucket << slotBits | slotMask)]) { row in
            row.isNull(at: 0) ? nil : row.int64(at: 0)
        }.first ?? nil
    }

    /// A key freed in the full `bucket` by moving, for each full bucket from it to the nearest
    /// bucket with a free key (below it, or above it), the contact at that end of the bucket in list
    /// order into the next one: the first contact of a bucket is after every contact of the bucket
    /// below, the last before every contact of the bucket above, so each move keeps list order.
    /// Nil when every bucket that way is full.
    private static func shiftedKey(into bucket: Int64, downwards: Bool, on connection: SQLiteConnection) throws -> Int64? {
        var full = [bucket]
        var free: Int64?
        while free == nil {
            let current = full[full.count - 1]
            guard downwards ? current > firstBucket : current < bucketLimit - 1 else { return nil }
            let next = downwards ? current - 1 : current + 1
            if try connection.statement(lastKey).rows([.integer(next << slotBits), .integer(next << slotBits | slotMask)], { row in
                row.isNull(at: 0)
            }).first ?? true {
                free = next << slotBits + 1
            } else if let key = try lowestFreeKey(in: next, from: next << slotBits + 1, on: connection) {
                free = key
            } else {
                full.append(next)
            }
        }
        // Farthest first: each move frees the key the one after it takes.
        let end = try connection.statement(downwards ? firstKeyInListOrder : lastKeyInListOrder)
        let move = try connection.statement(Self.move)
        for bucket in full.reversed() {
            guard let target = free,
                  let moving = try end.rows([.integer(bucket << slotBits), .integer(bucket << slotBits | slotMask)], { $0.int64(at: 0) }).first
            else { return nil }
            try move.run([.integer(moving), .integer(target)])
            free = moving
        }
        return free
    }
}
