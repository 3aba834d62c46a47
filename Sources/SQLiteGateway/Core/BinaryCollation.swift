import Glibc

/// SQLite's `BINARY` collation, the order of `ORDER BY` on text without a collation: UTF-8
/// bytes compared as unsigned numbers (`memcmp`), the shorter text first when one is the
/// other's prefix. Swift's `<` on `String` compares by Unicode canonical equivalence instead, so
/// it may disagree with SQLite wherever a page sorted here must match one sorted there.
enum BinaryCollation {
    /// Negative when `left` sorts first, zero when the texts are equal, positive otherwise; the
    /// texts given as their UTF-8 bytes: how a search sorts the matches of the buckets it read
    /// (`ContactMatchPlaces`), without a `String` for any of them.
    static func compare(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Int {
        let shared = min(left.count, right.count)
        if shared > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress {
            let order = memcmp(leftBase, rightBase, shared)
            if order != 0 { return Int(order) }
        }
        return left.count == right.count ? 0 : (left.count < right.count ? -1 : 1)
    }
}
