import Domain
import Foundation
import GatewayTestSupport
import SQLRows
import Synchronization
import Testing
import TestSupport
@testable import SQLiteGateway

/// Keys in list order (`SQLiteContactOrder`) and the search that reads the index in their order:
/// after any mix of inserts, renames and deletes, with contacts waiting to be placed and placed
/// later, respacings included, the placed keys follow list order, and every search returns, page
/// by page, what a scan of the stored texts returns.
@Suite("SQLiteContactManager keys in list order")
struct SQLiteContactOrderTests {
    private let temporary: TemporaryDatabase
    private let alice = UserID("u_alice")
    private let bob = UserID("u_bob")

    init() throws {
        temporary = try TemporaryDatabase()
    }

    /// Keys 4 apart after the last contact, runs 1 apart, no more room than needed after a
    /// respacing: a few inserts at one place exhaust the room, so contacts wait and respacing
    /// runs all the time.
    private static func cramped() -> SQLiteContactOrder {
        SQLiteContactOrder(appendStep: 4, runStep: 1, minimumGap: 1)
    }

    /// The ids of every page `page` returns, each resumed after the last contact of the one
    /// before, up to the first empty one; stopped at 400 (more than any fixture needs), so a
    /// cursor that is ignored fails the comparison instead of looping.
    private static func pages(_ page: (ContactCursor?) throws -> [Contact]) rethrows -> [[String]] {
        var pages: [[String]] = []
        var cursor: ContactCursor?
        while pages.count < 400 {
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

    /// The same pages from a scan of the stored folded texts in list order: the brute-force reference.
    private func scanned(_ query: String, owner: UserID, limit: Int) throws -> [[String]] {
        let pattern = try #require(ContactSearchTexts.pattern(of: query))
        return try Self.pages { cursor in
            try temporary.database.read { connection in
                try connection.statement(cursor == nil ? SQLiteContactManager.scan : SQLiteContactManager.scanAfter).rows(
                    [.text(owner.rawValue), .text(pattern), SQLValue(cursor?.sortName), SQLValue(cursor?.id.rawValue),
                     .integer(Int64(limit))],
                    ContactRow.contact)
            }
        }
    }

    /// The placed contacts' (owner, sort name, id) in key order, and the same sorted: equal when
    /// the keys follow list order; and how many contacts wait to be placed.
    private func keyOrder() throws -> (byKey: [String], byName: [String], waiting: Int64) {
        try temporary.database.read { connection in
            let placed = "FROM contacts WHERE seq <= \(SQLiteContactOrder.top)"
            let byKey = try connection.statement("SELECT owner_id, sort_name, id \(placed) ORDER BY seq")
                .rows { "\($0.string(at: 0) ?? "")|\($0.string(at: 1) ?? "")|\($0.string(at: 2) ?? "")" }
            let byName = try connection.statement("SELECT owner_id, sort_name, id \(placed) ORDER BY owner_id, sort_name, id")
                .rows { "\($0.string(at: 0) ?? "")|\($0.string(at: 1) ?? "")|\($0.string(at: 2) ?? "")" }
            let waiting = try connection.statement("SELECT count(*) FROM contacts WHERE seq > \(SQLiteContactOrder.top)").rows { $0.int64(at: 0) }
            return (byKey, byName, waiting.first ?? 0)
        }
    }

    /// Places every waiting contact with `order`, as the upkeep does.
    private func placeAll(_ order: SQLiteContactOrder) throws {
        while try temporary.database.write({ connection in try order.placeWaiting(limit: 16, on: connection) }) > 0 {}
    }

    /// FTS5's own check of the index against the contacts table, and that nothing is left pending.
    private func checkIndex() throws {
        try temporary.database.write { connection -> Void in
            try connection.execute("INSERT INTO contacts_search (contacts_search, rank) VALUES ('integrity-check', 1)")
        }
        let pending = try temporary.database.read { connection in
            try connection.statement("SELECT count(*) FROM contacts_search_pending").rows { $0.int64(at: 0) }
        }
        #expect(pending == [0])
    }

    @Test("random inserts, renames and deletes, with contacts waiting and placed by respacing, keep keys in list order and every search equal to the scan")
    func randomWritesMatchReference() throws {
        let order = Self.cramped()
        let manager = SQLiteContactManager(database: temporary.database, order: order)
        var waited: Int64 = 0
        var generator = SeededGenerator(seed: 26)
        let firsts = ["Ada", "Bea", "Cy", "Zoë", "Ärne", "Straße", "Οδυσσεύς", nil]
        let lasts = ["Member", "Zephyr Member", "Müller", "MÜLLER", "Ng", "Достоевский", nil]
        var stored: [String: Contact] = [:]
        var next = 0
        for round in 0..<6 {
            for _ in 0..<60 {
                let choice = Int.random(in: 0..<10, using: &generator)
                if choice < 6 || stored.isEmpty {
                    var first = firsts.randomElement(using: &generator)!
                    let last = lasts.randomElement(using: &generator)!
                    if first == nil && last == nil { first = "Solo" }
                    // Ids not in insertion order, and a fifth of the contacts Bob's.
                    let contact = Contact.fixture(
                        id: String(format: "c_%04d", (next * 7_919) % 10_000), owner: next % 5 == 4 ? "u_bob" : "u_alice",
                        firstName: first, lastName: last, email: next % 3 == 0 ? "zephyr\(next)@example.org" : nil,
                        phone: next % 4 == 0 ? "+1 555 \(next)" : nil)
                    next += 1
                    try manager.insert(contact)
                    stored[contact.id.rawValue] = contact
                } else if choice < 9 {
                    var contact = try #require(stored.values.randomElement(using: &generator))
                    contact.firstName = firsts.randomElement(using: &generator)! ?? "Renamed"
                    contact.lastName = lasts.randomElement(using: &generator)!
                    contact.version += 1
                    #expect(try manager.update(contact, expectedVersion: contact.version - 1))
                    stored[contact.id.rawValue] = contact
                } else {
                    let contact = try #require(stored.values.randomElement(using: &generator))
                    #expect(try manager.delete(id: contact.id, owner: contact.ownerID))
                    stored[contact.id.rawValue] = nil
                }
            }
            // Every other round is searched with contacts waiting, then again once all are placed.
            for placing in round % 2 == 0 ? [false, true] : [true] {
                if placing { try placeAll(order) }
                let keys = try keyOrder()
                #expect(keys.byKey == keys.byName, "round \(round)")
                #expect(placing ? keys.waiting == 0 : true)
                waited = max(waited, keys.waiting)
                try checkIndex()
                for query in ["member", "zephyr", "ZEPHYR M", "müller", "@example", "555 ", "ada zep", "ёвск", "no such name", "ss", "e"] {
                    for owner in [alice, bob] {
                        for limit in [1, 3, 50] {
                            #expect(try listed(manager, query, owner: owner, limit: limit) == scanned(query, owner: owner, limit: limit),
                                    "round \(round) placed=\(placing) q=\(query) owner=\(owner.rawValue) limit=\(limit)")
                        }
                    }
                }
            }
        }
        #expect(waited > 10, "the fixture should leave contacts waiting")
        #expect(try scanned("member", owner: alice, limit: 1000)[0].count > 20)
    }

    @Test("many contacts added at one place, in order, in reverse order, before the first and after the last wait, then are placed by respacing, in list order")
    func crowdedPlacesRespace() throws {
        let order = Self.cramped()
        let manager = SQLiteContactManager(database: temporary.database, order: order)
        for index in 0..<40 {
            // The same sort name each time: the ids (in descending order) decide the place, always before the last one added.
            try manager.insert(.fixture(id: String(format: "c_m%03d", 999 - index), firstName: "Same", lastName: "Place"))
            try manager.insert(.fixture(id: String(format: "c_a%03d", 999 - index), firstName: "First", lastName: "Aaa\(999 - index)"))
            try manager.insert(.fixture(id: String(format: "c_z%03d", index), firstName: "Last", lastName: "Zzz\(index)"))
            try manager.insert(.fixture(id: String(format: "c_r%03d", index), firstName: "Run", lastName: String(format: "Mmm %03d", index)))
            try manager.insert(.fixture(id: String(format: "c_d%03d", index), firstName: "Back", lastName: String(format: "Nnn %03d", 999 - index)))
        }
        #expect(try keyOrder().waiting > 0)
        #expect(try listed(manager, "same pla", owner: alice, limit: 7) == scanned("same pla", owner: alice, limit: 7))
        try placeAll(order)
        let keys = try keyOrder()
        #expect(keys.byKey == keys.byName)
        #expect(keys.waiting == 0)
        // Respacing ran: its table of moves exists on the writer.
        let respaced = try temporary.database.write { connection in
            try connection.statement("SELECT count(*) FROM temp.sqlite_schema WHERE name = 'contacts_moves'").rows { $0.int64(at: 0) }
        }
        #expect(respaced == [1])
        let stored = try temporary.database.read { connection in
            try connection.statement("SELECT seq FROM contacts ORDER BY seq").rows { $0.int64(at: 0) }
        }
        #expect(stored.allSatisfy { $0 >= 1 && $0 <= SQLiteContactOrder.top })
        try checkIndex()
        #expect(try listed(manager, "same pla", owner: alice, limit: 7) == scanned("same pla", owner: alice, limit: 7))
        #expect(try listed(manager, "zzz", owner: alice, limit: 7) == scanned("zzz", owner: alice, limit: 7))
    }

    @Test("a key is halfway between its neighbours', a run's step from the key given last, the last plus the step after the last, nil when they touch")
    func keysBetweenNeighbours() {
        let order = SQLiteContactOrder.standard()
        let run: Int64 = 1 << 16
        #expect(order.between(0, nil, last: 0) == 1 << 32)
        #expect(order.between(10, 20, last: 0) == 15)
        #expect(order.between(10, 12, last: 0) == 11)
        #expect(order.between(10, 11, last: 0) == nil)
        #expect(order.between(10, 11, last: 10) == nil)
        #expect(order.between(SQLiteContactOrder.top - 10, nil, last: 0) == SQLiteContactOrder.top - 5)
        #expect(order.between(SQLiteContactOrder.top - 1, nil, last: 0) == nil)
        // A run in order goes on from the key given last, one in reverse order back from it.
        #expect(order.between(1_000, 1 << 40, last: 1_000) == 1_000 + run)
        #expect(order.between(1_000, 1 << 40, last: 1 << 40) == (1 << 40) - run)
        #expect(order.between(1_000, 1_010, last: 1_000) == 1_005)
    }

    @Test("the search reads the index in key order and stops at the page: the only sorts are of the waiting contacts and of the two pages")
    func searchPlanFollowsKeys() throws {
        for sql in [SQLiteContactManager.searchIndexed, SQLiteContactManager.searchIndexedAfter] {
            let plan = try temporary.database.read { connection in
                try connection.statement("EXPLAIN QUERY PLAN " + sql).rows { $0.string(at: 3) ?? "" }
            }
            #expect(plan.contains { $0.hasPrefix("SCAN contacts_search VIRTUAL TABLE") }, "\(plan)")
            #expect(plan.contains("SEARCH contacts USING INTEGER PRIMARY KEY (rowid=?)"), "\(plan)")
            #expect(plan.contains("SEARCH contacts USING INTEGER PRIMARY KEY (rowid>?)"), "\(plan)")
            #expect(plan.filter { $0.contains("TEMP B-TREE") }.count == 2, "\(plan)")
            #expect(!plan.contains { $0.hasPrefix("SCAN contacts") && !$0.contains("VIRTUAL TABLE") }, "\(plan)")
        }
    }

    @Test("matches of another owner are not returned, even when they sort first")
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

    @Test("the search's cursor resumes after its contact, ties of sort name broken by id, also after a deleted contact")
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
        #expect(try contacts.delete(id: ContactID("c_q3"), owner: alice))
        #expect(try found(after: "twin quill", "c_q3") == ["c_q4", "c_q5"])
        let pages = try Self.pages { cursor in
            try contacts.list(owner: alice, matching: "quill", after: cursor, limit: 2)
        }
        #expect(pages == [["c_q0", "c_q1"], ["c_q2", "c_q4"], ["c_q5"], []])
    }

    @Test("a write that fails inside a group takes its pending index entry with it; the others are indexed at the commit")
    func failedWriteInGroupLeavesNothingPending() throws {
        let contacts = SQLiteContactManager(database: temporary.database)
        let group = DispatchGroup()
        let failures = Mutex(0)
        for index in 0..<24 {
            DispatchQueue.global().async(group: group) {
                do {
                    // Every third reuses an id: refused by the UNIQUE constraint, alone.
                    let id = index % 3 == 2 ? "c_grp\(index - 1)" : "c_grp\(index)"
                    try contacts.insert(.fixture(id: id, firstName: "Grouped", lastName: "N\(index)"))
                } catch {
                    failures.withLock { $0 += 1 }
                }
            }
        }
        group.wait()
        #expect(failures.withLock { $0 } == 8)
        try checkIndex()
        #expect(try contacts.list(owner: alice, matching: "grouped", after: nil, limit: 100).count == 16)
    }
}
