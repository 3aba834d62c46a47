/// Splits the contact buckets that writes have grown (`SQLiteContactOrder`), and renumbers those
/// whose last key climbed near their top slot (create-and-delete churn, issue 36), one write
/// transaction of `bucketSize` moves at a time, so that whoever drives it (`ContactSearchUpkeep`
/// while the server is idle, `seed-bench` after a bulk load) can stop between any two.
public final class ContactBucketSplitter {
    private let database: Database
    private let order: SQLiteContactOrder
    /// Grown buckets found by the last census and not yet split, in key order.
    private var toSplit: [Int64] = []
    /// The bucket being split, how many pieces it still has to give, and whether none was yet.
    private var splitting: (bucket: Int64, pieces: Int, isFirst: Bool)?
    /// Buckets found by the last census with a key near their top slot, in key order; renumbered
    /// after the splits, which may move those keys away or leave them.
    private var toRenumber: [Int64] = []
    /// The bucket being renumbered and the key its next step starts from.
    private var renumbering: (bucket: Int64, from: Int64?)?

    /// Splits buckets of `database` into pieces of `order.bucketSize`.
    public init(database: Database, order: SQLiteContactOrder = .standard) {
        self.database = database
        self.order = order
    }

    /// Whether a census found buckets still to split or renumber.
    public var hasWork: Bool { !toSplit.isEmpty || !toRenumber.isEmpty }

    /// Finds the grown and the top-crowded buckets afresh (`Database.contactBucketCensus`), after writes.
    public func census() throws {
        (toSplit, toRenumber) = try database.contactBucketCensus(order: order)
        splitting = nil
        renumbering = nil
    }

    /// Moves one piece of a grown bucket, or one step of renumbering; false when nothing is left.
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
        while let bucket = toRenumber.first {
            let from = renumbering?.bucket == bucket ? renumbering?.from : nil
            if let next = try database.renumberContactBucket(bucket, from: from, order: order) {
                renumbering = (bucket, next)
                return true
            }
            toRenumber.removeFirst()
            renumbering = nil
        }
        return false
    }
}
