import Glibc

/// SQLite's `BINARY` collation, the order of `ORDER BY` on text without a collation: UTF-8
/// bytes compared as unsigned numbers (`memcmp`), the shorter text first when one is the
/// other's prefix. Swift's `<` on `String` compares by Unicode canonical equivalence instead, so
/// it may disagree with SQLite wherever a page sorted here must match one sorted there.
enum BinaryCollation {
    /// Negative when `left` sorts first, zero when the texts are equal, positive otherwise.
    /// Compares the contiguous UTF-8 storage in place: a search sorts a bucket of rows by name
    /// and id, and comparing `utf8` views element by element cost it about 135,000 instructions.
    static func compare(_ left: String, _ right: String) -> Int {
        var left = left, right = right
        return left.withUTF8 { leftBytes in
            right.withUTF8 { rightBytes in
                let shared = min(leftBytes.count, rightBytes.count)
                if shared > 0, let leftBase = leftBytes.baseAddress, let rightBase = rightBytes.baseAddress {
                    let order = memcmp(leftBase, rightBase, shared)
                    if order != 0 { return Int(order) }
                }
                return leftBytes.count == rightBytes.count ? 0 : (leftBytes.count < rightBytes.count ? -1 : 1)
            }
        }
    }
}
