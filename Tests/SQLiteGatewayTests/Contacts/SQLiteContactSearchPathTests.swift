import Domain
import Foundation
import GatewayTestSupport
import SQLRows
import Testing
@testable import SQLiteGateway

/// The two ways a search of three or more characters is answered: by rowid from the index's
/// matches when there are at most `matchCap` of them, else the window and then the index query.
/// Each must return what the scan of the stored texts returns, page by page.
@Suite("SQLiteContactManager search paths")
struct SQLiteContactSearchPathTests {
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
    private static func pages(_ page: (ContactCursor?) throws -> [Contact]) rethrows -> [[String]] {
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
                    [.text(owner.rawValue), .text(pattern), SQLValue(cursor?.sortName), SQLValue(cursor?.id.rawValue),
                     .integer(Int64(limit))],
                    ContactRow.contact)
            }
        }
    }

    @Test("the search under the cap looks its matches up by rowid, not through the owner's whole index range")
    func cappedSearchLooksUpRowids() throws {
        for sql in [SQLiteContactManager.searchMatched, SQLiteContactManager.searchMatchedAfter] {
            let plan = try temporary.database.read { connection in
                try connection.statement("EXPLAIN QUERY PLAN " + sql).rows { $0.string(at: 3) ?? "" }
            }
            #expect(plan.contains("SEARCH contacts USING INTEGER PRIMARY KEY (rowid=?)"), "\(plan)")
            #expect(!plan.contains { $0.contains("contacts_owner_sort") || $0.hasPrefix("SCAN contacts") }, "\(plan)")
        }
    }

    @Test("a term with no more matches than the cap returns the scan's contacts, order and cursor pages")
    func rareTermMatchesScan() throws {
        try insertFixture()
        // The window would find nothing: only the matches by rowid can answer.
        let manager = SQLiteContactManager(database: temporary.database, windowSize: 0, matchCap: 2_000)
        for query in ["zephyr", "ZEPHYR", "zephyr m", "555 ", "@example", "ada zep", "member", "eve mem", "no such name"] {
            for owner in [alice, bob] {
                for limit in [1, 3, 100] {
                    let expected = try scanned(query, owner: owner, limit: limit)
                    #expect(try listed(manager, query, owner: owner, limit: limit) == expected, "q=\(query) owner=\(owner.rawValue) limit=\(limit)")
                }
            }
        }
        #expect(try scanned("zephyr", owner: alice, limit: 3).count > 3)
    }

    @Test("a term with more matches than the cap still returns the scan's contacts, order and cursor pages")
    func commonTermMatchesScan() throws {
        try insertFixture()
        for query in ["zephyr", "member", "@example", "555 "] {
            let matches = try scanned(query, owner: alice, limit: 100)[0].count + scanned(query, owner: bob, limit: 100)[0].count
            try #require(matches > 5, "q=\(query) has \(matches) matches, not more than the cap")
        }
        // A window of 0 goes straight to the index query, 7 mixes window and index across pages,
        // 2,000 answers from the window.
        for windowSize in [0, 7, 2_000] {
            let manager = SQLiteContactManager(database: temporary.database, windowSize: windowSize, matchCap: 5)
            for query in ["zephyr", "member", "@example", "555 "] {
                for owner in [alice, bob] {
                    for limit in [1, 3, 100] {
                        let expected = try scanned(query, owner: owner, limit: limit)
                        #expect(try listed(manager, query, owner: owner, limit: limit) == expected,
                                "q=\(query) owner=\(owner.rawValue) limit=\(limit) window=\(windowSize)")
                    }
                }
            }
        }
    }

    @Test("matches of another owner are not returned by the search under the cap, even when they sort first")
    func cappedSearchRespectsOwner() throws {
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

    @Test("the cursor of the search under the cap resumes after its contact, ties of sort name broken by id")
    func cappedSearchResumesAfterCursor() throws {
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
