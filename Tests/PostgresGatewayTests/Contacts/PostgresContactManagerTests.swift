import Domain
import Foundation
import GatewayTestSupport
import Migrations
import SQLRows
import TestSupport
import Testing
@testable import PostgresGateway

/// What only PostgreSQL shows: the columns the manager fills, writers in separate pools, and the
/// plans; what the manager does is `ContactManagerContractTests`.
@Suite("PostgresContactManager")
struct PostgresContactManagerTests {
    private let temporary: TemporaryPostgresDatabase
    private let contacts: PostgresContactManager
    private let alice = UserID("u_alice")

    init() throws {
        temporary = try TemporaryPostgresDatabase()
        try Migrator(database: temporary.database).migrate()
        // Rows, not `UserManager.register`: these tests are about contacts alone.
        try temporary.database.write { connection -> Void in
            try connection.execute("""
                INSERT INTO users (id, name, email, password_hash, created_at) VALUES
                    ('u_alice', 'Alice', 'alice@example.com', 'x', 0), ('u_bob', 'Bob', 'bob@example.com', 'x', 0)
                """)
        }
        contacts = PostgresContactManager(database: temporary.database)
    }

    private func texts(_ sql: String) throws -> [[String?]] {
        try temporary.database.read { connection in
            try connection.statement(sql).rows { row in (0..<4).map { row.string(at: $0) } }
        }
    }

    @Test("the sort name and the folded search texts are written from Swift, as SQLite's viperd_search_fold computes them")
    func searchTextsWritten() throws {
        try contacts.insert(.fixture(id: "c_1", firstName: "Zoë", lastName: "STRASSE", email: "Grace@Example.ORG"))
        #expect(try texts("SELECT sort_name, search_name, search_email, search_phone FROM contacts")
            == [["strasse zoë", "zoë strasse", "grace@example.org", nil]])

        #expect(try contacts.update(.fixture(id: "c_1", lastName: "Straße", phone: "+1 (555) ÉXT", version: 2), expectedVersion: 1))
        #expect(try texts("SELECT sort_name, search_name, search_email, search_phone FROM contacts")
            == [["straße", "strasse", nil, "+1 (555) éxt"]])
    }

    @Test("a stored birthday that cannot be read maps to a nil birthday")
    func unreadableBirthday() throws {
        try contacts.insert(.fixture(id: "c_1", firstName: "Grace", birthday: CalendarDate(year: 1906, month: 12, day: 9)))
        try temporary.database.write { try $0.execute("UPDATE contacts SET birthday = '1906-13-45' WHERE id = 'c_1'") }

        let fetched = try #require(try contacts.fetch(id: ContactID("c_1"), owner: alice))

        #expect(fetched.birthday == nil)
        #expect(fetched.firstName == "Grace")
    }

    @Test("U+0000, which PostgreSQL text cannot hold, is refused rather than cut short, and finds nothing")
    func nulRefused() throws {
        #expect(throws: GatewayError.self) {
            try contacts.insert(.fixture(id: "c_1", firstName: "nul\u{0}inside"))
        }
        try contacts.insert(.fixture(id: "c_2", firstName: "nul"))

        #expect(try contacts.fetch(id: ContactID("c_1"), owner: alice) == nil)
        #expect(try contacts.list(owner: alice, matching: "nul\u{0}", after: nil, limit: 10).isEmpty)
        #expect(try contacts.list(owner: alice, matching: "\u{0}", after: nil, limit: 10).isEmpty)
        #expect(try contacts.list(owner: alice, matching: "nul", after: nil, limit: 10).map(\.id.rawValue) == ["c_2"])
    }

    @Test("LIKE patterns escape \\, % and _ scalar by scalar")
    func likePattern() {
        #expect(PostgresContactManager.likePattern("abc") == "%abc%")
        #expect(PostgresContactManager.likePattern(#"5%_\x"#) == #"%5\%\_\\x%"#)
        #expect(PostgresContactManager.likePattern("%\u{301}").unicodeScalars.elementsEqual("%\\%\u{301}%".unicodeScalars))
    }

    @Test("two pools update one contact holding the same version at once: exactly one wins, every round")
    func concurrentUpdatesFromTwoPools() throws {
        // A second PostgresDatabase on the same server: its own connections, as another instance has.
        let other = PostgresContactManager(database: try PostgresDatabase(configuration: PostgresConfiguration(url: temporary.url)))
        let managers = [contacts, other]
        let original = Contact.fixture(id: "c_1", firstName: "Ada")
        try contacts.insert(original)
        let locker = try PostgresConnection(url: temporary.url)
        for round in 1...10 {
            // Both updates queue behind a row lock held here, so they really do meet at the row.
            try locker.execute("BEGIN; SELECT 1 FROM contacts WHERE id = 'c_1' FOR UPDATE")
            let results = Locked<[Int: Bool]>([:])
            let errors = Locked<[String]>([])
            let group = DispatchGroup()
            for (index, manager) in managers.enumerated() {
                group.enter()
                Thread {
                    defer { group.leave() }
                    var changed = original
                    changed.firstName = "Writer \(index) round \(round)"
                    changed.version = round + 1
                    do {
                        let stored = try manager.update(changed, expectedVersion: round)
                        results.withLock { $0[index] = stored }
                    } catch {
                        errors.withLock { $0.append(String(describing: error)) }
                    }
                }.start()
            }
            let bothWaiting = eventually {
                let waiting = try? temporary.database.read { connection in
                    try connection.statement("""
                        SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' \
                        AND query LIKE 'UPDATE contacts%'
                        """).rows { $0.int(at: 0) }.first
                }
                return waiting == 2
            }
            try locker.execute("COMMIT")
            group.wait()

            #expect(bothWaiting, "round \(round): the updates never both waited for the row")
            #expect(errors.withLock { $0 } == [])
            let outcome = results.withLock { $0 }
            #expect(outcome.values.filter { $0 }.count == 1, "round \(round): \(outcome)")
            let winner = try #require(outcome.first { $0.value }?.key)
            let stored = try #require(try contacts.fetch(id: original.id, owner: alice))
            #expect(stored.firstName == "Writer \(winner) round \(round)")
            #expect(stored.version == round + 1)
        }
    }

    @Test("a search of three or more characters in 20,000 contacts is answered by the trigram indexes, custom and generic plans alike")
    func trigramIndexPlan() throws {
        // Bulk rows straight in SQL, of lowercase ASCII (where SearchFolding.fold changes nothing)
        // drawn from md5 so trigrams are as varied as real names; one owner holds them all, so
        // only the trigram indexes can narrow the search.
        try temporary.database.write { connection -> Void in
            try connection.execute("""
                INSERT INTO contacts (id, owner_id, first_name, last_name, email, phone, sort_name, created_at, updated_at, \
                search_name, search_email, search_phone)
                SELECT 'c_' || n, 'u_alice', f, l, e, p, l || ' ' || f, 0, 0, f || ' ' || l, e, p
                FROM (SELECT n, translate(substr(md5(n::text), 1, 7), '0123456789', 'qrstuvwxyz') AS f,
                             translate(substr(md5(n::text), 8, 9), '0123456789', 'qrstuvwxyz') AS l,
                             substr(md5(n::text), 17, 8) || '@' || translate(substr(md5(n::text), 25, 6), '0123456789', 'qrstuvwxyz') \
                             || '.example' AS e,
                             '+1 ' || (100 + n % 900) || ' 555 ' || lpad((n * 7919 % 10000)::text, 4, '0') AS p
                      FROM generate_series(1, 20000) AS n) AS generated
                """)
        }
        // What autovacuum does after a bulk load: GIN keeps new entries in a pending list, which
        // every search reads through (and the planner prices) until a vacuum merges it.
        try temporary.database.read { try $0.execute("VACUUM ANALYZE contacts") }
        let term = try #require(try texts("SELECT substr(search_name, 3, 5), NULL, NULL, NULL FROM contacts WHERE id = 'c_1234'").first?.first ?? nil)
        let expected = try texts("""
            SELECT id, NULL, NULL, NULL FROM contacts WHERE strpos(search_name, '\(term)') > 0 OR strpos(search_email, '\(term)') > 0 \
            OR strpos(search_phone, '\(term)') > 0 ORDER BY sort_name, id
            """).compactMap { $0[0] }
        #expect(expected.contains("c_1234"))
        #expect(try contacts.list(owner: alice, matching: term.uppercased(), after: nil, limit: 20).map(\.id.rawValue) == Array(expected.prefix(20)))

        let custom = try temporary.database.read { connection in
            try connection.statement("EXPLAIN " + PostgresContactManager.searchIndexed)
                .rows([.text("u_alice"), .integer(20), .text(PostgresContactManager.likePattern(term))]) { $0.string(at: 0) ?? "" }
        }
        let generic = try temporary.database.read { connection -> [String] in
            try connection.execute("PREPARE generic_search(text, bigint, text) AS " + PostgresPlaceholders.rewrite(PostgresContactManager.searchIndexed))
            try connection.execute("SET plan_cache_mode = force_generic_plan")
            defer {
                try? connection.execute("RESET plan_cache_mode")
                try? connection.execute("DEALLOCATE generic_search")
            }
            return try connection.statement("EXPLAIN EXECUTE generic_search('u_alice', 20, '%\(term)%')").rows { $0.string(at: 0) ?? "" }
        }
        print("PostgresContactManager.searchIndexed, custom plan:\n" + custom.joined(separator: "\n"))
        print("PostgresContactManager.searchIndexed, generic plan:\n" + generic.joined(separator: "\n"))
        for plan in [custom, generic] {
            let text = plan.joined(separator: "\n")
            #expect(text.contains("Bitmap Index Scan on contacts_search_name"), "\(text)")
            #expect(text.contains("Bitmap Index Scan on contacts_search_email"), "\(text)")
            #expect(text.contains("Bitmap Index Scan on contacts_search_phone"), "\(text)")
            #expect(!text.contains("Seq Scan"), "\(text)")
        }
    }
}
