import Domain
import Foundation
import GatewayTestSupport
import SQLRows
import Testing
@testable import SQLiteGateway

/// Issue 36: create-and-delete churn (two names that sort last, created and deleted in turn) walks
/// a bucket's last key to its top slot in about 16.8 million pairs. The tests put the survivor of
/// that churn on the top slot directly, then prove that nobody's create fails for lack of a key,
/// that the keys stay in list order by bucket (so list and search stay right), and that the idle
/// upkeep renumbers the bucket (`SQLiteContactOrder+Room`, `SQLiteContactOrder+Renumber`).
@Suite("SQLiteContactManager creates whatever state the list-order keys are in")
struct SQLiteContactOrderRoomTests {
    private let temporary: TemporaryDatabase
    private let contacts: SQLiteContactManager
    private let slots = SQLiteContactOrder.slotBits
    private let mask = SQLiteContactOrder.slotMask

    init() throws {
        temporary = try TemporaryDatabase()
        contacts = SQLiteContactManager(database: temporary.database)
        // The attacker registered after Alice and Bob; the victims, whose ids sort after every
        // earlier user's, come later still.
        try SQLiteUserManager(database: temporary.database).registerTestOwners(["u_mallory"])
    }

    /// Alice's three contacts and the attacker's churn survivor, all in `bucket`: Alice's at
    /// slots 1 to 3, the survivor (the last contact of all in list order) on the top slot.
    private func churnedBucket(_ bucket: Int64) throws {
        for (index, name) in ["Adams", "Baker", "Young"].enumerated() {
            try contacts.insert(.fixture(id: "c_alice\(index)", lastName: name))
        }
        try contacts.insert(.fixture(id: "c_survivor", owner: "u_mallory", lastName: "Zzz Churn"))
        try temporary.database.write { connection -> Void in
            var slot: Int64 = 1
            for id in ["c_alice0", "c_alice1", "c_alice2"] {
                try connection.statement("UPDATE contacts SET seq = ?2 WHERE id = ?1").run([.text(id), .integer(bucket << slots + slot)])
                slot += 1
            }
            try connection.statement("UPDATE contacts SET seq = ?2 WHERE id = ?1").run([.text("c_survivor"), .integer(bucket << slots | mask)])
        }
    }

    /// Every contact's key, in list order.
    private func keysInListOrder() throws -> [(id: String, key: Int64)] {
        try temporary.database.read { connection in
            try connection.statement("SELECT id, seq FROM contacts ORDER BY owner_id, sort_name, id").rows { ($0.string(at: 0) ?? "", $0.int64(at: 1)) }
        }
    }

    private func key(of id: String) throws -> Int64 {
        try #require(try keysInListOrder().first { $0.id == id }?.key)
    }

    /// The invariant the search relies on: along list order, bucket numbers never decrease.
    private func expectBucketsInListOrder(_ comment: Comment? = nil) throws {
        let buckets = try keysInListOrder().map { SQLiteContactOrder.bucket(of: $0.key) }
        #expect(zip(buckets, buckets.dropFirst()).allSatisfy { $0 <= $1 }, comment)
    }

    /// The ids `owner` lists, every page of `limit` resumed after the last, with `query` or without.
    private func listed(_ owner: String, _ query: String? = nil, limit: Int = 2) throws -> [String] {
        var ids: [String] = []
        var cursor: ContactCursor?
        while ids.count < 100 {
            let page = try contacts.list(owner: UserID(owner), matching: query, after: cursor, limit: limit)
            guard let last = page.last else { return ids }
            ids += page.map(\.id.rawValue)
            cursor = ContactCursor(sortName: last.sortName, id: last.id)
        }
        return ids
    }

    /// What the idle upkeep does: one census, then every step.
    private func runUpkeep() throws {
        let splitter = ContactBucketSplitter(database: temporary.database)
        try splitter.census()
        while try splitter.step() {}
    }

    /// Victims, Alice and the attacker all create after the churned bucket, then list and search.
    private func expectCreatesListsAndSearches() throws {
        try SQLiteUserManager(database: temporary.database).registerTestOwners(["u_victim1", "u_victim2"])
        try contacts.insert(.fixture(id: "c_v1a", owner: "u_victim1", lastName: "Quinn"))
        try contacts.insert(.fixture(id: "c_v1b", owner: "u_victim1", lastName: "Abbott"))
        try contacts.insert(.fixture(id: "c_v1c", owner: "u_victim1", lastName: "Zeta"))
        try contacts.insert(.fixture(id: "c_v2a", owner: "u_victim2", lastName: "Quinn"))
        // Alice shares the bucket: a name after all of hers, and one between them.
        try contacts.insert(.fixture(id: "c_alice3", lastName: "Zimmer"))
        try contacts.insert(.fixture(id: "c_alice4", lastName: "Quinn"))
        // The churn goes on.
        for pair in 0..<3 {
            try contacts.insert(.fixture(id: "c_churn\(pair)", owner: "u_mallory", lastName: "Zzzz Churn"))
            #expect(try contacts.delete(id: ContactID("c_churn\(pair)"), owner: UserID("u_mallory"), at: Date(timeIntervalSince1970: 1_795_000_000)))
        }
        try expectBucketsInListOrder()
        #expect(try listed("u_victim1") == ["c_v1b", "c_v1a", "c_v1c"])
        #expect(try listed("u_victim2") == ["c_v2a"])
        #expect(try listed("u_alice") == ["c_alice0", "c_alice1", "c_alice4", "c_alice2", "c_alice3"])
        #expect(try listed("u_mallory") == ["c_survivor"])
        #expect(try listed("u_victim1", "quinn", limit: 1) == ["c_v1a"])
        #expect(try listed("u_alice", "quinn", limit: 1) == ["c_alice4"])
        #expect(try listed("u_alice", "er", limit: 1) == ["c_alice1", "c_alice3"])
        #expect(try listed("u_victim1", "zeta") == ["c_v1c"])
    }

    /// After the upkeep, no bucket has a key in its top slots, the census finds nothing to
    /// renumber, keys are still in list order and every list the same.
    private func expectUpkeepRenumbers() throws {
        let before = try ["u_alice", "u_mallory", "u_victim1", "u_victim2"].map { try listed($0) }
        #expect(try !temporary.database.contactBucketCensus().crowdedAtTop.isEmpty)
        try runUpkeep()
        #expect(try temporary.database.contactBucketCensus().crowdedAtTop.isEmpty)
        let slotsUsed = try keysInListOrder().map { $0.key & mask }
        #expect(slotsUsed.allSatisfy { $0 <= mask - SQLiteContactOrder.renumberHeadroom }, "\(slotsUsed)")
        try expectBucketsInListOrder()
        #expect(try ["u_alice", "u_mallory", "u_victim1", "u_victim2"].map { try listed($0) } == before)
        #expect(try listed("u_alice", "quinn", limit: 1) == ["c_alice4"])
        // And the next contact in that bucket takes the slot after its last key again.
        try contacts.insert(.fixture(id: "c_after", owner: "u_mallory", lastName: "Zzzzz Churn"))
        #expect(try listed("u_mallory") == ["c_survivor", "c_after"])
        try expectBucketsInListOrder()
    }

    @Test("a bucket whose top slot churn has used: later users' first contacts and the bucket's other owners are still created, in list order; the upkeep renumbers it")
    func churnedBucketTopSlot() throws {
        try churnedBucket(1)
        try expectCreatesListsAndSearches()
        // The last contact of all opened a bucket of its own above the churned one.
        #expect(SQLiteContactOrder.bucket(of: try key(of: "c_v1b")) > 1)
        try expectUpkeepRenumbers()
    }

    @Test("the last bucket of the whole key space with its top slot used: creates still succeed, in list order; the upkeep renumbers it")
    func lastBucketOfKeySpace() throws {
        let last = SQLiteContactOrder.bucketLimit - 1
        try churnedBucket(last)
        #expect(try key(of: "c_survivor") == Int64.max)
        try expectCreatesListsAndSearches()
        // No bucket is left above it: the free slots below its top take the new contacts.
        #expect(try keysInListOrder().allSatisfy { SQLiteContactOrder.bucket(of: $0.key) == last })
        try expectUpkeepRenumbers()
    }

    @Test("the last bucket of all, where every new user's contacts land, can still be split after hundreds of splits")
    func lastBucketKeepsSplitting() throws {
        let order = SQLiteContactOrder(bucketSize: 1)
        let splitter = ContactBucketSplitter(database: temporary.database, order: order)
        for round in 0..<150 {
            for index in 0..<3 {
                try contacts.insert(.fixture(id: "c_\(round)_\(index)", lastName: String(format: "Name %05d", round * 3 + index)))
            }
            try splitter.census()
            while try splitter.step() {}
        }
        #expect(try temporary.database.oversizedContactBuckets(order: order).isEmpty)
        let buckets = try keysInListOrder().map { SQLiteContactOrder.bucket(of: $0.key) }
        #expect(try #require(buckets.last) < SQLiteContactOrder.bucketLimit - SQLiteContactOrder.tailStride)
        try expectBucketsInListOrder()
    }

    @Test("a successor's bucket with its top slot used right after the predecessor's: the new contact takes a free slot below the top")
    func adjacentBucketsTopSlots() throws {
        try churnedBucket(5)
        // Bob's contact (after Alice's, before the attacker's) in bucket 5 too; then Alice's
        // first contact moved to the top of bucket 4, right below her next one's.
        try contacts.insert(.fixture(id: "c_bob", owner: "u_bob", lastName: "Bob"))
        try temporary.database.write { connection -> Void in
            try connection.statement("UPDATE contacts SET seq = ?2 WHERE id = ?1").run([.text("c_alice0"), .integer(4 << slots | mask)])
        }
        try expectBucketsInListOrder()
        // Between Adams (top of 4) and Baker (in 5, whose top is used too): no bucket between.
        try contacts.insert(.fixture(id: "c_alice_mid", lastName: "Allen"))
        #expect(SQLiteContactOrder.bucket(of: try key(of: "c_alice_mid")) == 4)
        try contacts.insert(.fixture(id: "c_alice_late", lastName: "Zed"))
        try expectBucketsInListOrder()
        #expect(try listed("u_alice") == ["c_alice0", "c_alice_mid", "c_alice1", "c_alice2", "c_alice_late"])
        #expect(try listed("u_alice", "zed", limit: 1) == ["c_alice_late"])
        #expect(try listed("u_alice", "all", limit: 1) == ["c_alice_mid"])
        #expect(try listed("u_bob") == ["c_bob"])
    }
}
