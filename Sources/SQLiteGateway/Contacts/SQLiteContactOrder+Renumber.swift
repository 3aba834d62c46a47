import SQLRows

/// Renumbering a bucket's keys from its lowest slots up, so that create-and-delete churn cannot
/// leave a bucket with its top slot taken (issue 36).
///
/// A new contact takes its bucket's last key plus one, and a delete frees a key below the last, so
/// a bucket holding a handful of contacts can still have its last key climb to the top slot. A
/// split only looks at how many a bucket holds; this looks at where its last key is. The order
/// of keys within a bucket means nothing to a search (it sorts what it reads of a bucket), so the
/// contacts keep their bucket and only their slots change.
extension SQLiteContactOrder {
    /// How many of a bucket's top slots count as its top: a bucket with a key there is renumbered
    /// at the next idle census. A quarter of the slots: churn then needs about 4.2 million creates
    /// without an idle second between them to reach the top slot (and even there a create still
    /// finds a key, `keyPastUsedTop`, only less cheaply).
    public static let renumberHeadroom: Int64 = 1 << 22

    /// ?1 the lowest key to read, ?2 the bucket's last key, ?3 how many: keys in key order.
    static let keysFrom = "SELECT seq FROM contacts WHERE seq BETWEEN ?1 AND ?2 ORDER BY seq LIMIT ?3"

    /// Whether a bucket whose highest key is `lastKey` and which holds `held` contacts is
    /// renumbered: its last key lies in its top `renumberHeadroom` slots, and renumbering brings it
    /// below them. A bucket with that many contacts is left to a split instead.
    static func needsRenumbering(lastKey: Int64, held: Int64) -> Bool {
        lastKey & slotMask > slotMask - renumberHeadroom && held <= slotMask - renumberHeadroom
    }

    /// In the open write transaction, moves the next (at most) `bucketSize` keys of `bucket` down
    /// into its lowest free slots, from `start` (a key of the bucket) on. Returns where the next
    /// step starts, or nil when the bucket's keys are now packed from `start` up.
    ///
    /// The lowest free key `free` is found again each step, so a create that took a slot between
    /// two steps is never overwritten. The keys above `free`, taken in key order, each move to the
    /// next slot from `free`: the i-th of them is at least `free + 1 + i`, and the slots between
    /// are either free from the start or freed by the moves before, so no two contacts ever
    /// share a key.
    public func renumberStep(_ bucket: Int64, from start: Int64? = nil, on connection: SQLiteConnection) throws -> Int64? {
        let first = bucket << Self.slotBits
        let last = first | Self.slotMask
        let from = max(start ?? first + 1, first + 1)
        guard from <= last, let free = try Self.lowestFreeKey(in: bucket, from: from, on: connection), free < last else { return nil }
        let moving = try connection.statement(Self.keysFrom).rows([.integer(free + 1), .integer(last), .integer(Int64(bucketSize))]) {
            $0.int64(at: 0)
        }
        guard !moving.isEmpty else { return nil }
        let move = try connection.statement(Self.move)
        for (offset, key) in moving.enumerated() {
            try move.run([.integer(key), .integer(free + Int64(offset))])
        }
        return free + Int64(moving.count)
    }
}
