import Domain
import Foundation
import GatewayTestSupport
import Migrations
import SQLRows
import Synchronization
import Testing
@testable import SQLiteGateway

/// The FTS5 index and the 0007 rebuild; what search finds is `ContactSearchContractTests`.
@Suite("SQLiteContactManager search")
struct SQLiteContactSearchTests {
    private let temporary: TemporaryDatabase
    private let contacts: SQLiteContactManager
    private let alice = UserID("u_alice")

    init() throws {
        temporary = try TemporaryDatabase()
        contacts = SQLiteContactManager(database: temporary.database)
    }

    /// Ids found for `query` (three or more characters: through the index).
    private func indexedIDs(_ query: String, owner: UserID? = nil) throws -> [String] {
        try contacts.list(owner: owner ?? alice, matching: query, after: nil, limit: 100)
            .map(\.id.rawValue)
    }

    /// FTS5's own check of the index against the contacts table (rank 1: compare with the content).
    private static func checkIndex(_ database: Database) throws {
        try database.write { connection -> Void in
            try connection.execute("INSERT INTO contacts_search (contacts_search, rank) VALUES ('integrity-check', 1)")
        }
    }

    @Test("inserts, renames, lost version races, deletes and reused rowids keep the FTS index equal to its content")
    func writesKeepIndexInStep() throws {
        try contacts.insert(.fixture(id: "c_1", firstName: "Jürgen", lastName: "Habermas", email: "JH@example.org", phone: "+49 30 1234"))
        try contacts.insert(.fixture(id: "c_2", firstName: "Hannah", lastName: "Arendt"))
        try Self.checkIndex(temporary.database)

        #expect(try contacts.update(.fixture(id: "c_1", firstName: "Theodor", lastName: "Adorno", version: 2), expectedVersion: 1))
        #expect(try !contacts.update(.fixture(id: "c_1", firstName: "Walter", version: 2), expectedVersion: 1))
        try Self.checkIndex(temporary.database)

        #expect(try contacts.delete(id: ContactID("c_1"), owner: alice, at: Date(timeIntervalSince1970: 1_795_000_000)))
        try Self.checkIndex(temporary.database)

        // The rowid of a deleted contact may be handed out again; the new row must not inherit its terms.
        try contacts.insert(.fixture(id: "c_3", firstName: "Simone", lastName: "Weil"))
        #expect(try indexedIDs("theodor") == [])
        #expect(try indexedIDs("simone") == ["c_3"])
        try Self.checkIndex(temporary.database)
    }

    @Test("the migration indexes contacts that existed before it, folded the application's way")
    func migrationIndexesExistingRows() throws {
        let old = try TemporaryDatabase(migrated: false)
        let before = try Migration.embedded(.sqlite).filter { $0.version < 7 }
        try Migrator(database: old.database, migrations: before).migrate()
        try SQLiteUserManager(database: old.database).registerTestOwners(["u_alice", "u_bob"])
        try old.database.write { connection -> Void in
            try connection.execute("""
                INSERT INTO contacts (id, owner_id, first_name, last_name, email, phone, sort_name, created_at, updated_at) VALUES
                    ('c_zoe', 'u_alice', 'Zoë', 'Straße', 'ZOE@Example.COM', '+1 555 0100', 'straße zoë', 0, 0),
                    ('c_fyodor', 'u_alice', NULL, 'Достоевский', NULL, NULL, 'достоевский', 0, 0),
                    ('c_solo', 'u_alice', 'Sólo', NULL, NULL, '+44 20 7946', 'sólo', 0, 0),
                    ('c_bob', 'u_bob', 'Zoë', 'Other', NULL, NULL, 'other zoë', 0, 0);
                """)
        }

        try Migrator(database: old.database).migrate()

        let manager = SQLiteContactManager(database: old.database)
        func found(_ query: String) throws -> [String] {
            try manager.list(owner: alice, matching: query, after: nil, limit: 100).map(\.id.rawValue)
        }
        #expect(try found("ZOË STRASSE") == ["c_zoe"])
        #expect(try found("zoe@example.com") == ["c_zoe"])
        #expect(try found("555 01") == ["c_zoe"])
        #expect(try found("ДОСТОЕВ") == ["c_fyodor"])
        #expect(try found("SÓLO") == ["c_solo"])
        #expect(try found("7946") == ["c_solo"])
        #expect(try found("zoë") == ["c_zoe"])
        #expect(try found("ss") == ["c_zoe"])
        try Self.checkIndex(old.database)

        // Rows written after the migration join the same index, and the old ones still update.
        let fetched = try #require(try manager.fetch(id: ContactID("c_fyodor"), owner: alice))
        var renamed = fetched
        renamed.firstName = "Фёдор"
        renamed.version = 2
        #expect(try manager.update(renamed, expectedVersion: 1))
        try manager.insert(.fixture(id: "c_new", firstName: "Zoë", lastName: "Newcomer"))
        #expect(try found("фёдор дост") == ["c_fyodor"])
        #expect(try found("zoë") == ["c_new", "c_zoe"])
        try Self.checkIndex(old.database)
    }

    /// How many segments the FTS5 index has: each has its rows in `contacts_search_idx`.
    private static func segments(_ database: Database) throws -> Int64 {
        try database.read { connection in
            try connection.statement("SELECT count(DISTINCT segid) FROM contacts_search_idx").rows { $0.int64(at: 0) }
        }.first ?? 0
    }

    /// 60 contacts, each committed alone: a segment each, some merged by FTS5 itself.
    private func insertOneByOne() throws {
        for index in 0..<60 {
            try contacts.insert(.fixture(id: "c_\(index)", firstName: "Segment", lastName: "Number \(index)", email: "s\(index)@example.org"))
        }
    }

    /// Nothing is left in the list of contacts to index once a write has committed.
    private static func pendingCount(_ database: Database) throws -> Int64 {
        try database.read { connection in
            try connection.statement("SELECT count(*) FROM contacts_search_pending").rows { $0.int64(at: 0) }
        }.first ?? -1
    }

    @Test("merging the index's segments changes no search's answer; a merged index has nothing left to merge")
    func mergingKeepsAnswers() throws {
        try insertOneByOne()
        let queries = ["segment", "number 1", "ber 4", "@example", "s59@"]
        let before = try queries.map { try indexedIDs($0) }
        #expect(try Self.segments(temporary.database) > 1)

        var steps = 0
        while try temporary.database.mergeContactSearchIndex(pages: 1) { steps += 1 }

        #expect(steps >= 1)
        #expect(try Self.segments(temporary.database) == 1)
        #expect(try queries.map { try indexedIDs($0) } == before)
        #expect(try !temporary.database.mergeContactSearchIndex())
        try Self.checkIndex(temporary.database)
    }

    @Test("the segment gauge follows the index without counting as a query; each merge step with work counts one merge")
    func segmentsAndMergesAreCounted() throws {
        try insertOneByOne()
        let database = temporary.database
        let queries = database.statistics.queries
        let gauge = try database.contactSearchSegments()
        let counted = try Int(Self.segments(database))
        #expect(gauge == counted)
        #expect(try database.contactSearchSegments() ?? 0 > 1)
        #expect(database.statistics.queries == queries + 1, "only the test's own read counted")
        let before = database.statistics.searchMerges

        var steps = 0
        while try database.mergeContactSearchIndex(pages: 1) { steps += 1 }

        #expect(database.statistics.searchMerges - before == steps, "the last step, without work, is not counted")
        #expect(try database.contactSearchSegments() == 1)
    }

    @Test("the upkeep splits grown buckets and merges the index into one segment once queries pause")
    func upkeepWorksWhenIdle() throws {
        try insertOneByOne()
        #expect(try Self.segments(temporary.database) > 1)
        let order = SQLiteContactOrder(bucketSize: 4)
        #expect(try temporary.database.oversizedContactBuckets(order: order).count == 1)
        let upkeep = ContactSearchUpkeep(database: temporary.database, order: order, interval: .milliseconds(20))
        defer { upkeep.stop() }
        // Polled less often than the upkeep ticks: each poll is a query, which it waits out.
        let deadline = ContinuousClock.now + .seconds(10)
        while try Self.segments(temporary.database) > 1 || !temporary.database.oversizedContactBuckets(order: order).isEmpty,
              ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.2)
        }
        #expect(try temporary.database.oversizedContactBuckets(order: order).isEmpty)
        #expect(try Self.segments(temporary.database) == 1)
        try Self.checkIndex(temporary.database)
        #expect(try indexedIDs("number 59") == ["c_59"])
    }

    @Test("contacts are indexed at their transaction's commit: a write that fails in a group takes its entry with it, the others are found")
    func groupIndexedAtCommit() throws {
        let contacts = self.contacts
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
        #expect(try Self.pendingCount(temporary.database) == 0)
        try Self.checkIndex(temporary.database)
        #expect(try indexedIDs("grouped").count == 16)
    }

    @Test("a contact inserted, renamed and deleted within one transaction leaves the index as if it never was")
    func writesWithinOneTransaction() throws {
        try temporary.database.write { connection -> Void in
            try connection.execute("""
                INSERT INTO contacts (id, owner_id, first_name, sort_name, created_at, updated_at, search_name) VALUES
                    ('c_t1', 'u_alice', 'Transient', 'transient', 0, 0, 'transient'),
                    ('c_t2', 'u_alice', 'Kept', 'kept', 0, 0, 'kept');
                UPDATE contacts SET first_name = 'Renamed', search_name = 'renamed' WHERE id = 'c_t2';
                UPDATE contacts SET search_name = 'gone soon' WHERE id = 'c_t1';
                DELETE FROM contacts WHERE id = 'c_t1';
                """)
        }
        #expect(try Self.pendingCount(temporary.database) == 0)
        try Self.checkIndex(temporary.database)
        #expect(try indexedIDs("renamed") == ["c_t2"])
        #expect(try indexedIDs("kept") == [])
        #expect(try indexedIDs("transient") == [])
        #expect(try indexedIDs("gone soon") == [])
    }

    @Test("a search reads its page in one read transaction and leaves its reader outside any transaction, found or not, with a cursor or without")
    func searchEndsItsReadTransaction() throws {
        for index in 0 ..< 30 {
            try contacts.insert(.fixture(id: "c_\(index)", firstName: "Common", lastName: "Name \(index)"))
        }
        let owner = alice
        try temporary.database.read { connection in
            let first = try SQLiteContactManager.firstMatches(of: "common", owner: owner, after: nil, limit: 20, on: connection)
            #expect(first.count == 20)
            #expect(connection.isAutocommit)
            let cursor = ContactCursor(sortName: try #require(connection.statement("SELECT sort_name FROM contacts WHERE id = ?1")
                .rows([.text(first[19].id.rawValue)]) { $0.string(at: 0) }.first ?? nil), id: first[19].id)
            let rest = try SQLiteContactManager.firstMatches(of: "common", owner: owner, after: cursor, limit: 20, on: connection)
            #expect(rest.count == 10)
            #expect(Set((first + rest).map(\.id.rawValue)).count == 30)
            #expect(connection.isAutocommit)
            #expect(try SQLiteContactManager.firstMatches(of: "nobody", owner: owner, after: nil, limit: 20, on: connection).isEmpty)
            #expect(connection.isAutocommit)
        }
    }
}
