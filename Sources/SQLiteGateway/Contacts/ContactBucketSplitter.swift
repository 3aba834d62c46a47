/// Splits the contact buckets that writes have grown (`SQLiteContactOrder`), one write
/// transaction of `bucketSize` moves at a time, so that whoever drives it (`ContactSearchUpkeep`
/// while the server is idle, `seed-bench` after a bulk load) can stop between any two.
public final class ContactBucketSplitter {
    private let database: Database
    private let order: SQLiteContactOrder
    /// Grown buckets found by the last census and not yet split, in key order.
    private var toSplit: [Int64] = []
    /// The bucket being split, how many pieces it still has to give, and whether none was yet.
    private var splitting: (bucket: Int64, pieces: Int, isFirst: Bool)?

    /// Splits buckets of `database` into pieces of `order.bucketSize`.
    public init(database: Database, order: SQLiteContactOrder = .standard) {
        self.database = database
        self.order = order
    }

    /// Whether a census found buckets still to split.
    public var hasWork: Bool { !toSplit.isEmpty }

    /// Finds the grown buckets afresh (`Database.oversizedContactBuckets`), after writes.
    public func census() throws {
        toSplit = try database.oversizedContactBuckets(order: order)
        splitting = nil
    }

    /// Moves one piece of a grown bucket; false when nothing is left to split.
    public func step() throws -> Bool {
        while let bucket = toSplit.first {
            if splitting?.bucket != bucket {
                splitting = (bucket, try database.piecesToPeel(from: bucket, order: order), true)
            }
            if let (bucket, pieces, isFirst) = splitting, pieces > 0,
               try database.peelContactBucket(bucket, pieces: pieces, isFirst: isFirst, order: order) {
                splitting = (bucket, pieces - 1, false)
                return true
            }
            // Split, or no room left to split it: either way done with it.
            toSplit.removeFirst()
            splitting = nil
        }
        return false
    }
}
