import Domain
import Foundation
import GatewayTestSupport
import SQLRows
import TestSupport
import Testing
@testable import SQLiteGateway

/// Contact keys in list order by bucket (`SQLiteContactOrder`): a search of three or more
/// characters reads the index in key order and stops at the bucket of its page's last match. Every
/// page must be what the scan of the stored texts returns, whatever the buckets: grown by writes,
/// split into pieces, or left whole.
@Suite("SQLiteContactManager search in list order by bucket")
struct SQLiteContactOrderTests {
    private let temporary: TemporaryDatabase
    private let alice = UserID("u_alice")
    private let bob = UserID("u_bob")

    init() throws {
        temporary = try TemporaryDatabase()
    }

    /// 80 contacts, every fourth Bob's: "member" in every name, "zephyr" in some names and emails
    /// of both owners, sort names repeated so ties fall to the id, ids not in insertion order.
    private func insertFixture() throws {
        let contacts = SQLiteContactManager(database: temporary.database)
        let firsts = ["Ada", "Bea", "Cy", "Dot", "Eve"]
        for index in 0..<80 {
            try contacts.insert(.fixture(
                id: String(format: "c_%02d", (index * 37) % 80), owner: index % 4 == 3 ? "u_bob" : "u_alice",
                firstName: firsts[index % firsts.count], lastName: index % 9 == 0 ? "Zephyr Member" : "Member",
                email: index % 13 == 0 ? "zephyr\(index)@example.org" : nil, phone: index % 10 == 0 ? "+1 555 \(index)" : nil))
        }
    }

    /// The ids of every page `page` returns, each resumed after the last contact of the one
    /// before, up to the first empty one; stopped at 200 (more than any fixture needs), so a
    /// cursor that is ignored fails the comparison instead of looping.
    private static func pages(_ page: (ContactCursor?) throws -> [ContactSummary]) rethrows -> [[String]] {
        var pages: [[String]] = []
        var cursor: ContactCursor?
        while pages.count < 200 {
            let contacts = try page(cursor)
            pages.append(contacts.map(\.id.rawValue))
            guard let last = contacts.last else { return pages }
            cursor = ContactCursor(sortName: last.sortName, id: last.id)
        }
        return pages
    }

    private func listed(_ manager: SQLiteContactManager, _ query: String, owner: UserID, limit: Int) throws -> [[String]] {
        try Self.pages { cursor in
            try manager.list(owner: owner, matching: query, after: cursor, limit: limit)
        }
    }

    /// The same pages from the scan of the stored folded texts: the contract every path keeps.
    private func scanned(_ query: String, owner: UserID, limit: Int) throws -> [[String]] {
        let pattern = try #require(ContactSearchTexts.pattern(of: query))
        return try Self.pages { cursor in
            try temporary.database.read { connection in
                try connection.statement(cursor == nil ? SQLiteContactManager.scan : SQLiteContactManager.scanAfter).rows(
                    [.text(owner.rawValue), .integer(Int64(limit)), .text(pattern)]
                     + (cursor.map { [.text($0.sortName), .text($0.id.rawValue)] } ?? []),
                    { try ContactRow.summary($0) })
            }
        }
    }

    /// Every contact's (owner, sort name, id) and key, in list order.
    private func keysInListOrder() throws -> [(place: String, key: Int64)] {
        try temporary.database.read { connection in
            try connection.statement("SELECT owner_id || '/' || sort_name || '/' || id, seq FROM contacts ORDER BY owner_id, sort_name, id")
                .rows { ($0.string(at: 0) ?? "", $0.int64(at: 1)) }
        }
    }

    /// The invariant the search relies on: along list order, bucket numbers never decrease.
    private func expectBucketsInListOrder(_ comment: Comment? = nil) throws {
        let buckets = try keysInListOrder().map { SQLiteContactOrder.bucket(of: $0.key) }
        #expect(zip(buckets, buckets.dropFirst()).allSatisfy { $0 <= $1 }, comment)
    }

    private func bucketCount() throws -> Int {
        Set(try keysInListOrder().map { SQLiteContactOrder.bucket(of: $0.key) }).count
    }

    /// Splits every grown bucket into pieces of `bucketSize`, as the idle upkeep would.
    private func split(bucketSize: Int) throws {
        let splitter = ContactBucketSplitter(database: temporary.database, order: SQLiteContactOrder(bucketSize: bucketSize))
        try splitter.census()
        while try splitter.step() {}
    }

    private func expectSearchesMatchScan(_ queries: [String], limits: [Int] = [1, 3, 100], _ comment: String = "") throws {
        let manager = SQLiteContactManager(database: temporary.database)
        for query in queries {
            for owner in [alice, bob] {
                for limit in limits {
                    let expected = try scanned(query, owner: owner, limit: limit)
                    #expect(try listed(manager, query, owner: owner, limit: limit) == expected,
                            "q=\(query) owner=\(owner.rawValue) limit=\(limit) \(comment)")
                }
            }
        }
    }

    @Test("the search reads the index in key order over the owner's key range and looks each match up by key")
    func searchReadsIndexInKeyOrder() throws {
        for sql in [SQLiteContactManager.searchIndexed, SQLiteContactManager.searchIndexedAfter] {
            let plan = try temporary.database.read { connection in
                try connection.statement("EXPLAIN QUERY PLAN " + sql).rows { $0.string(at: 3) ?? "" }
            }
            #expect(plan.first?.hasPrefix("SCAN contacts_search VIRTUAL TABLE INDEX") == true, "\(plan)")
            #expect(plan.contains("SEARCH contacts USING INTEGER PRIMARY KEY (rowid=?)"), "\(plan)")
            // The index's own order is used: a sorter would read every match before the first row.
            #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
        }
    }

    @Test("contacts added in one place share a grown bucket; every page still equals the scan's")
    func grownBucketMatchesScan() throws {
        try insertFixture()
        #expect(try bucketCount() == 1)
        try expectBucketsInListOrder()
        try expectSearchesMatchScan(["zephyr", "ZEPHYR", "zephyr m", "555 ", "@example", "ada zep", "member", "eve mem", "no such name"])
    }

    @Test("split into buckets of 3, the pages equal the scan's, across owners, ties of sort name and cursors")
    func splitBucketsMatchScan() throws {
        try insertFixture()
        try split(bucketSize: 3)
        // 80 contacts in buckets of 3 to 5.
        #expect(try bucketCount() >= 16)
        try expectBucketsInListOrder()
        try expectSearchesMatchScan(["zephyr", "ZEPHYR", "zephyr m", "555 ", "@example", "ada zep", "member", "eve mem", "no such name"],
                                    limits: [1, 2, 3, 7, 100])
        #expect(try scanned("member", owner: alice, limit: 3).count > 10)
    }

    @Test("random inserts, renames and deletes between splits keep buckets in list order and every page equal to the scan's")
    func randomWritesBetweenSplits() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededGenerator(seed: seed)
        let manager = SQLiteContactManager(database: temporary.database)
        let names = ["Ada", "Bea", "Cy", "Dot", "Eve", "Zephyr", "Member", "Ömer", "Ng"]
        var stored: [String: Contact] = [:]
        for step in 0..<240 {
            let id = String(format: "c_%03d", Int.random(in: 0..<90, using: &random))
            let contact = Contact.fixture(
                id: id, owner: Int.random(in: 0..<4, using: &random) == 0 ? "u_bob" : "u_alice",
                firstName: names.randomElement(using: &random), lastName: (names.randomElement(using: &random) ?? "") + " \(step % 7)",
                email: Bool.random(using: &random) ? "m\(step)@example.org" : nil, version: (stored[id]?.version ?? 0) + 1)
            if let old = stored[id] {
                if Int.random(in: 0..<3, using: &random) == 0 {
                    #expect(try manager.delete(id: old.id, owner: old.ownerID, at: Date(timeIntervalSince1970: 1_795_000_000)))
                    stored[id] = nil
                } else {
                    var renamed = contact
                    renamed.ownerID = old.ownerID
                    #expect(try manager.update(renamed, expectedVersion: old.version))
                    stored[id] = renamed
                }
            } else {
                var created = contact
                created.version = 1
                try manager.insert(created)
                stored[id] = created
            }
            if step % 40 == 39 {
                try split(bucketSize: 2)
                try expectBucketsInListOrder("seed \(seed) step \(step)")
                try expectSearchesMatchScan(["member", "zephyr", "eve", "@example", "a 3", "ömer"], limits: [2, 5], "seed \(seed) step \(step)")
            }
        }
        try expectBucketsInListOrder("seed \(seed)")
        #expect(try bucketCount() > 5, "seed \(seed)")
    }

    @Test("a new contact joins its predecessor's bucket, or its successor's when it comes first; a rename keeps its key while its neighbours allow")
    func keysFollowNeighbours() throws {
        let manager = SQLiteContactManager(database: temporary.database)
        for (index, name) in ["Adams", "Baker", "Clark", "Davis", "Evans", "Frost"].enumerated() {
            try manager.insert(.fixture(id: "c_\(index)", lastName: name))
        }
        try split(bucketSize: 1)
        let keys = Dictionary(uniqueKeysWithValues: try keysInListOrder().map { ($0.place, $0.key) })
        func key(_ id: String, _ sortName: String) -> Int64 { keys["u_alice/\(sortName)/\(id)"] ?? -1 }
        func bucket(_ id: String, _ sortName: String) -> Int64 { SQLiteContactOrder.bucket(of: key(id, sortName)) }
        #expect(try bucketCount() == 6)

        try manager.insert(.fixture(id: "c_between", lastName: "Brown"))
        try manager.insert(.fixture(id: "c_first", lastName: "Aaron"))
        let after = Dictionary(uniqueKeysWithValues: try keysInListOrder().map { ($0.place, $0.key) })
        #expect(after["u_alice/brown/c_between"].map(SQLiteContactOrder.bucket(of:)) == bucket("c_1", "baker"))
        #expect(after["u_alice/aaron/c_first"].map(SQLiteContactOrder.bucket(of:)) == bucket("c_0", "adams"))

        // Davis → Dawson stays between Clark and Evans: same key. Davis → Zimmer moves past Frost.
        let davis = try #require(try manager.fetch(id: ContactID("c_3"), owner: alice))
        var dawson = davis
        dawson.lastName = "Dawson"
        dawson.version = 2
        #expect(try manager.update(dawson, expectedVersion: 1))
        #expect(try keysInListOrder().first { $0.place == "u_alice/dawson/c_3" }?.key == key("c_3", "davis"))
        var zimmer = dawson
        zimmer.lastName = "Zimmer"
        zimmer.version = 3
        #expect(try manager.update(zimmer, expectedVersion: 2))
        let moved = try #require(try keysInListOrder().first { $0.place == "u_alice/zimmer/c_3" }?.key)
        #expect(SQLiteContactOrder.bucket(of: moved) == bucket("c_5", "frost"))
        try expectBucketsInListOrder()
        try expectSearchesMatchScan(["aar", "dawson", "zimmer", "ams"])
    }

    @Test("a bucket whose last slot is used sends the next contact to its successor's bucket; at the last key of all, to a free slot below it")
    func usedUpBucket() throws {
        let manager = SQLiteContactManager(database: temporary.database)
        try manager.insert(.fixture(id: "c_a", lastName: "Adams"))
        try manager.insert(.fixture(id: "c_z", lastName: "Zulu"))
        let slots = SQLiteContactOrder.slotBits
        func place(_ id: String, at key: Int64) throws {
            try temporary.database.write { connection -> Void in
                try connection.statement("UPDATE contacts SET seq = ?2 WHERE id = ?1").run([.text(id), .integer(key)])
            }
        }
        // Adams holds the last slot of bucket 7; Zulu is alone in bucket 9.
        try place("c_a", at: 7 << slots | SQLiteContactOrder.slotMask)
        try place("c_z", at: 9 << slots + 1)
        try manager.insert(.fixture(id: "c_m", lastName: "Miller"))
        let keys = Dictionary(uniqueKeysWithValues: try keysInListOrder().map { ($0.place, $0.key) })
        #expect(keys["u_alice/miller/c_m"] == Int64(9) << slots + 2)
        try expectBucketsInListOrder()

        // Zulu at the very last key of all, and nothing after it: no bucket above is left, the
        // free slots below the top of Zulu's take the contacts after it.
        try place("c_z", at: Int64.max)
        try place("c_m", at: 9 << slots + 2)
        try manager.insert(.fixture(id: "c_zz", lastName: "Zzyzx"))
        let last = SQLiteContactOrder.bucketLimit - 1
        #expect(try keysInListOrder().first { $0.place == "u_alice/zzyzx/c_zz" }?.key == last << slots + 1)
        try expectBucketsInListOrder()
        try expectSearchesMatchScan(["adams", "miller", "zulu", "zzyzx"], limits: [1, 10])
    }

    @Test("a split spaces its new buckets evenly up to the next bucket; with no number left it leaves the bucket whole")
    func splitSpacingAndNoRoom() throws {
        let manager = SQLiteContactManager(database: temporary.database)
        for index in 0..<10 {
            try manager.insert(.fixture(id: "c_\(index)", firstName: "Room", lastName: "Number \(index)"))
        }
        try manager.insert(.fixture(id: "c_bob", owner: "u_bob", firstName: "Room", lastName: "Bob"))
        try split(bucketSize: 2)
        let buckets = try keysInListOrder().map { SQLiteContactOrder.bucket(of: $0.key) }
        // Alice's 10 in five buckets of 2, then Bob's; the four new ones evenly spaced.
        let alices = Array(Set(buckets.prefix(10))).sorted()
        #expect(alices.count == 5)
        let gaps = zip(alices, alices.dropFirst()).map { $1 - $0 }
        #expect(gaps.max()! - gaps.min()! <= 1, "\(alices)")

        // Alice's ten back in one bucket, with the next bucket (Bob's) right after it: nothing to number a piece with.
        try temporary.database.write { connection -> Void in
            let low = SQLiteContactOrder.bucket(of: try connection.statement("SELECT max(seq) FROM contacts").rows([], { $0.int64(at: 0) })[0]) + 10
            var slot: Int64 = 1
            for key in try connection.statement("SELECT seq FROM contacts WHERE owner_id = 'u_alice'").rows([], { $0.int64(at: 0) }) {
                try connection.statement("UPDATE contacts SET seq = ?2 WHERE seq = ?1").run([.integer(key), .integer(low << SQLiteContactOrder.slotBits + slot)])
                slot += 1
            }
            try connection.statement("UPDATE contacts SET seq = ?1 WHERE owner_id = 'u_bob'").run([.integer((low + 1) << SQLiteContactOrder.slotBits + 1)])
        }
        try expectBucketsInListOrder()
        #expect(try temporary.database.oversizedContactBuckets(order: SQLiteContactOrder(bucketSize: 2)).count == 1)
        try split(bucketSize: 2)
        #expect(try bucketCount() == 2)
        try expectSearchesMatchScan(["room", "number 3", "oom b"], limits: [1, 4])
    }

    @Test("matches of another owner are never returned, even when they sort first")
    func searchRespectsOwner() throws {
        let contacts = SQLiteContactManager(database: temporary.database)
        try contacts.insert(.fixture(id: "c_bob1", owner: "u_bob", firstName: "Quill", lastName: "Aardvark"))
        try contacts.insert(.fixture(id: "c_bob2", owner: "u_bob", firstName: "Quill", lastName: "Abbott", email: "quill@example.org"))
        try contacts.insert(.fixture(id: "c_alice", firstName: "Quill", lastName: "Zimmer"))

        func found(_ owner: String, limit: Int = 100) throws -> [String] {
            try contacts.list(owner: UserID(owner), matching: "quill", after: nil, limit: limit).map(\.id.rawValue)
        }
        #expect(try found("u_alice") == ["c_alice"])
        #expect(try found("u_alice", limit: 1) == ["c_alice"])
        #expect(try found("u_bob") == ["c_bob1", "c_bob2"])
        #expect(try found("u_nobody") == [])
        let afterBob = ContactCursor(sortName: "aardvark quill", id: ContactID("c_bob1"))
        #expect(try contacts.list(owner: alice, matching: "quill", after: afterBob, limit: 100).map(\.id.rawValue) == ["c_alice"])
    }

    @Test("the search's cursor resumes after its contact, ties of sort name broken by id")
    func searchResumesAfterCursor() throws {
        let contacts = SQLiteContactManager(database: temporary.database)
        for id in ["c_q3", "c_q1", "c_q4", "c_q2"] {
            try contacts.insert(.fixture(id: id, firstName: "Quill", lastName: "Twin"))
        }
        try contacts.insert(.fixture(id: "c_q0", firstName: "Quill", lastName: "Alpha"))
        try contacts.insert(.fixture(id: "c_q5", firstName: "Quill", lastName: "Zulu"))
        try contacts.insert(.fixture(id: "c_bob", owner: "u_bob", firstName: "Quill", lastName: "Twin"))

        func found(after sortName: String, _ id: String, limit: Int = 100) throws -> [String] {
            let cursor = ContactCursor(sortName: sortName, id: ContactID(id))
            return try contacts.list(owner: alice, matching: "quill", after: cursor, limit: limit).map(\.id.rawValue)
        }
        #expect(try found(after: "alpha quill", "c_q0") == ["c_q1", "c_q2", "c_q3", "c_q4", "c_q5"])
        #expect(try found(after: "twin quill", "c_q2") == ["c_q3", "c_q4", "c_q5"])
        #expect(try found(after: "twin quill", "c_q2", limit: 1) == ["c_q3"])
        #expect(try found(after: "twin quill", "c_q25") == ["c_q3", "c_q4", "c_q5"])
        #expect(try found(after: "twin quill", "c_q4") == ["c_q5"])
        #expect(try found(after: "zulu quill", "c_q5") == [])
        let pages = try Self.pages { cursor in
            try contacts.list(owner: alice, matching: "quill", after: cursor, limit: 2)
        }
        #expect(pages == [["c_q0", "c_q1"], ["c_q2", "c_q3"], ["c_q4", "c_q5"], []])
    }
}
