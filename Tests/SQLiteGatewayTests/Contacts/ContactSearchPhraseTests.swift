import Domain
import Foundation
import GatewayTestSupport
import SQLRows
import TestSupport
import Testing
@testable import SQLiteGateway

/// A search asks the index for the rare stretches of its pattern (`ContactSearchPhrase`) and checks
/// the matches against the whole pattern. The choice may only change the speed: every page must be
/// what the scan of the stored texts returns, whichever stretch was asked for.
@Suite("ContactSearchPhrase")
struct ContactSearchPhraseTests {
    private let temporary: TemporaryDatabase

    init() throws {
        temporary = try TemporaryDatabase()
    }

    @Test("every run of trigrams at most four times as common as the rarest is asked for, a lone one with its rarer neighbour; a pattern so covered, or whose rarest trigram is common, is asked for whole")
    func narrowestStretches() {
        #expect(ContactSearchPhrase.narrowest(pages: [700, 700, 86, 8, 8, 7, 8]) == [3 ..< 7])
        // "t 9" of "contact 9": rare only beside trigrams every contact holds, so it takes "ct ".
        #expect(ContactSearchPhrase.narrowest(pages: [756, 756, 758, 757, 756, 757, 83]) == [5 ..< 7])
        // " 98" of "contact 98" takes its one neighbour; one in the middle takes the rarer of two.
        #expect(ContactSearchPhrase.narrowest(pages: [756, 756, 758, 757, 756, 757, 83, 7]) == [6 ..< 8])
        #expect(ContactSearchPhrase.narrowest(pages: [700, 7, 83, 700]) == [1 ..< 3])
        #expect(ContactSearchPhrase.narrowest(pages: [83, 7, 700, 700]) == [0 ..< 2])
        // Two rare runs far apart are both asked for, so candidates must hold both.
        #expect(ContactSearchPhrase.narrowest(pages: [2, 2, 700, 700, 700, 3, 700]) == [0 ..< 2, 5 ..< 7])
        // A list within one page counts as one; runs that meet once extended are one phrase.
        #expect(ContactSearchPhrase.narrowest(pages: [5, 0, 0, 30]) == [1 ..< 3])
        #expect(ContactSearchPhrase.narrowest(pages: [7, 7, 0, 7, 0, 0]) == [2 ..< 6])
        #expect(ContactSearchPhrase.narrowest(pages: [0, 50, 0, 100, 100]) == [0 ..< 3])
        #expect(ContactSearchPhrase.narrowest(pages: [100, 0, 0]) == [1 ..< 3])
        #expect(ContactSearchPhrase.narrowest(pages: [700, 700, 85]) == [1 ..< 3])
        // Covering the whole pattern, or nothing rare: the whole phrase.
        #expect(ContactSearchPhrase.narrowest(pages: [3, 9, 1, 1]) == nil)
        #expect(ContactSearchPhrase.narrowest(pages: [2, 2, 2]) == nil)
        #expect(ContactSearchPhrase.narrowest(pages: [4]) == nil)
        #expect(ContactSearchPhrase.narrowest(pages: [257, 300, 900]) == nil)
        #expect(ContactSearchPhrase.narrowest(pages: []) == nil)
        // Below `narrowableLength` characters (three trigrams) nothing is ever narrower than the pattern.
        #expect(ContactSearchPhrase.narrowest(pages: [0, 100, 100]) == [0 ..< 2])
        for count in 1 ..< ContactSearchPhrase.narrowableLength - 2 {
            for rare in 0 ..< count {
                let pages = (0 ..< count).map { $0 == rare ? Int64(0) : 100 }
                #expect(ContactSearchPhrase.narrowest(pages: pages) == nil, "\(pages)")
            }
        }
    }

    /// `count` contacts of Alice, "Bench Contact 1" ... and "bench1@example.com" ..., the same
    /// phone each, and a few of Bob's with the same names; one write, as a bulk load would be,
    /// then split into buckets (one index segment each), and merged into one segment if `merged`.
    private func insertBench(_ count: Int, merged: Bool) throws {
        try temporary.database.write { connection -> Void in
            var contacts = (1...count).map { index in
                Contact.fixture(
                    id: String(format: "c_%05d", (index * 7_919) % 100_003), firstName: "Bench", lastName: "Contact \(index)",
                    email: "bench\(index)@example.com", phone: "+1-555-0100")
            }
            contacts += [
                .fixture(id: "c_bob1", owner: "u_bob", firstName: "Bench", lastName: "Contact 1234"),
                .fixture(id: "c_bob2", owner: "u_bob", firstName: "Ünal", lastName: "Ömer 1234", email: "\"quoted\" 1234@example.com"),
                .fixture(id: "c_alice", firstName: "Ünal", lastName: "Ömer 7", email: "o\"7@example.com"),
                // Two rare stretches apart ("zqco", " 1yx"), a contact holding both but not the
                // pattern, one with a quote inside a stretch, and U+FFFD, which FTS5 also reads
                // U+FFFF as.
                .fixture(id: "c_zq1", firstName: "Zqcontact", lastName: "1yx"),
                .fixture(id: "c_zq2", firstName: "Zqco", lastName: "1yx"),
                .fixture(id: "c_zq3", firstName: "Zqcontact", lastName: "1y\"x"),
                .fixture(id: "c_zq4", firstName: "Zq\u{FFFD}x", lastName: "1"),
            ]
            for contact in contacts {
                let key = try SQLiteContactOrder.key(for: contact, on: connection)
                try connection.statement(SQLiteContactManager.insert).run(ContactRow.insertValues(of: contact) + [.integer(key)])
            }
        }
        let splitter = ContactBucketSplitter(database: temporary.database)
        try splitter.census()
        while try splitter.step() {}
        if merged {
            while try temporary.database.mergeContactSearchIndex(pages: 2_000) {}
        }
    }

    private func choose(_ query: String) throws -> ContactSearchPhrase {
        let pattern = try #require(ContactSearchTexts.pattern(of: query))
        return try temporary.database.read { connection in try ContactSearchPhrase.choose(for: pattern, on: connection) }
    }

    @Test("over 20,000 contacts the common trigrams span more pages than the rare ones, and only the rare stretch is asked for")
    func asksForTheRareStretch() throws {
        try insertBench(20_000, merged: true)
        let pages = try temporary.database.read { connection in
            try connection.statement(ContactSearchPhrase.pagesPerTrigram).rows([.text("contact 1234")]) { $0.int64(at: 1) }
        }
        // "con" … "ct " are in every name and run over several pages, "234" in a few: ten trigrams.
        #expect(pages.count == 10)
        #expect(pages[0] > 4 * max(pages[9], 1), "\(pages)")
        let phrase = try choose("Contact 1234")
        #expect(phrase.needsCheck)
        #expect(phrase.query.hasSuffix("1234\""), "\(phrase)")
        #expect(phrase.query != ContactSearchPhrase.quoted("contact 1234"))
        // A pattern of one trigram, or one whose every trigram is as common as the next, is asked for whole.
        #expect(try choose("555") == ContactSearchPhrase(query: "\"555\"", needsCheck: false))
        #expect(try choose("bench contact") == ContactSearchPhrase(query: "\"bench contact\"", needsCheck: false))
        // "t 9", held by 1,111 of the names, fits a page or two as a rare trigram does: never asked for alone.
        #expect(try choose("contact 9") == ContactSearchPhrase(query: "\"ct 9\"", needsCheck: true))
        // Rare stretches apart are asked for together; a quote inside one is doubled.
        #expect(try choose("Zqcontact 1yx") == ContactSearchPhrase(query: "\"zqco\" AND \" 1yx\"", needsCheck: true))
        #expect(try choose("Zqcontact 1y\"x") == ContactSearchPhrase(query: "\"zqco\" AND \" 1y\"\"x\"", needsCheck: true))
        // FTS5 reads U+FFFF as U+FFFD: even a whole short pattern holding it is checked.
        #expect(try choose("q\u{FFFF}x") == ContactSearchPhrase(query: "\"q\u{FFFF}x\"", needsCheck: true))
    }

    @Test("a stretch's matches are checked: every page equals the scan's, for matches, near misses, stretches apart, quotes, U+FFFF and letters beyond ASCII, in one segment or many",
          arguments: [true, false])
    func pagesMatchScan(merged: Bool) throws {
        try insertBench(20_000, merged: merged)
        let manager = SQLiteContactManager(database: temporary.database)
        let queries = [
            "contact 1234", "Contact 5999", "contact 59", "h 1234", "ch1234@", "bench12", "t 7", "contact 6000",
            "555-0100", "ömer 12", "ÖMER 7", "\"quoted\" 12", "o\"7@", "zzz 1234", "contact 12345",
            "contact 9", "contact 98", "ntact 7", "ch9@ex", "9@example",
            "zqcontact 1yx", "zqcontact 1y\"x", "zqco 1yx", "q\u{FFFF}x", "zq\u{FFFF}x 1", "q\u{FFFD}x",
        ]
        for query in queries {
            let pattern = try #require(ContactSearchTexts.pattern(of: query))
            for owner in [UserID("u_alice"), UserID("u_bob")] {
                for limit in [1, 3, 20] {
                    var cursor: ContactCursor?
                    for page in 0..<12 {
                        let listed = try manager.list(owner: owner, matching: query, after: cursor, limit: limit)
                        let scanned = try temporary.database.read { connection in
                            try connection.statement(cursor == nil ? SQLiteContactManager.scan : SQLiteContactManager.scanAfter).rows(
                                [.text(owner.rawValue), .integer(Int64(limit)), .text(pattern)]
                     + (cursor.map { [.text($0.sortName), .text($0.id.rawValue)] } ?? []),
                                { try ContactRow.summary($0) })
                        }
                        #expect(listed.map(\.id) == scanned.map(\.id), "q=\(query) owner=\(owner.rawValue) limit=\(limit) page=\(page)")
                        guard let last = scanned.last else { break }
                        cursor = ContactCursor(sortName: last.sortName, id: last.id)
                    }
                }
            }
        }
        // The pages compared above are not all empty: two stretches find their contact, not the
        // one holding both apart, and U+FFFF does not find U+FFFD.
        func found(_ query: String) throws -> [String] {
            try manager.list(owner: UserID("u_alice"), matching: query, after: nil, limit: 20).map(\.id.rawValue)
        }
        #expect(try found("zqcontact 1yx") == ["c_zq1"])
        #expect(try found("zqcontact 1y\"x") == ["c_zq3"])
        #expect(try found("q\u{FFFD}x") == ["c_zq4"])
        #expect(try found("q\u{FFFF}x").isEmpty)
        #expect(try found("zq\u{FFFF}x 1").isEmpty)
        // The near miss is asked for by a stretch whose candidates all fail the check.
        #expect(try choose("h 1234").needsCheck)
        #expect(try manager.list(owner: UserID("u_alice"), matching: "h 1234", after: nil, limit: 20).isEmpty)
    }
}
