import Domain
import SQLiteGateway
@testable import SQLRows
import Testing

/// The upkeep's purges (`ExpiredRecordPurge`) run every few minutes over tables that grow with
/// use (the outbox keeps every change for its retention). Each must find its batch through an
/// index: one that scans its table reads every row even when nothing has expired, the usual case,
/// and holds the writer meanwhile. The same goes for what a deleted user's rows cascade to, and
/// for one user's count of a shared table. SQLite only: its plans are stable text; PostgreSQL
/// chooses by its statistics, and the same indexes (one migration for both) serve it.
@Suite("Purge plans")
struct PurgePlanTests {
    /// Every text by which the upkeep finds expired rows, with SQLite's lock clauses (none).
    static let purges = [
        SQLTransferManager<Database>.due, SQLOutboxManager<Database>.purgeEvents, SQLOutboxManager<Database>.purgeMail,
        SQLIdentityManager<Database>.purgeUnverified, SQLIdentityManager<Database>.purgeCodes,
        SQLIdempotencyManager<Database>.purge, SQLTransferDraftManager<Database>.purge,
        SessionStatements.purge, SessionStatements.purgeTickets,
    ]

    /// SQLite's plan of each of `texts` on one fresh migrated store, one line per step.
    static func plans(of texts: [String]) throws -> [[String]] {
        let store = try Backend.sqlite.makeStore()
        let gateway = try #require(store.gateway as? SQLiteEntityGateway)
        return try gateway.database.read { connection in
            try texts.map { text in try connection.statement("EXPLAIN QUERY PLAN " + text).rows { $0.string(at: 3) ?? "" } }
        }
    }

    @Test("every purge finds its batch through an index, never by scanning its table")
    func purgesSearchAnIndex() throws {
        for (text, plan) in zip(Self.purges, try Self.plans(of: Self.purges)) {
            #expect(!plan.isEmpty, "\(text)")
            // An automatic index is built by reading the whole table, each time the statement runs.
            #expect(!plan.contains { $0.hasPrefix("SCAN ") || $0.contains("AUTOMATIC") }, "\(text): \(plan)")
        }
    }

    @Test("a user's open drafts are counted through their owner's index, not among every user's")
    func draftCountSearchesOwner() throws {
        let plan = try Self.plans(of: [SQLTransferDraftManager<Database>.openDraftCount])[0]
        #expect(plan.count == 1 && plan[0].hasPrefix("SEARCH transfer_drafts USING COVERING INDEX transfer_drafts_owner (owner_id=? AND expires_at>?)"), "\(plan)")
    }
}
