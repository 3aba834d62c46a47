import Domain
import Foundation
@testable import PostgresGateway
import SQLiteGateway
@testable import SQLRows
import Testing

/// Every SQL text written once in `SQLRows` (`?N` placeholders) is prepared by both engines:
/// SQLite as written, PostgreSQL as its connection rewrites it (`$N`), which also proves the text
/// names every parameter it is given (PostgreSQL refuses one it cannot type). A text that only
/// one engine understands fails here before any contract test reaches it.
@Suite("Shared statement texts")
struct SharedStatementTextsTests {
    @Test("every shared text prepares on each engine", arguments: Backend.allCases)
    func prepares(on backend: Backend) throws {
        let store = try backend.makeStore()
        switch store.gateway {
        case let gateway as SQLiteEntityGateway:
            let texts = Self.texts(Database.self)
            try gateway.database.write { connection in
                for text in texts {
                    #expect(throws: Never.self, "\(text)") { _ = try connection.statement(text) }
                }
            }
        case let gateway as PostgresEntityGateway:
            let texts = Self.texts(PostgresDatabase.self) + Self.lockTexts
            try gateway.database.read { connection in
                for (index, text) in texts.enumerated() {
                    let rewritten = PostgresPlaceholders.rewrite(text)
                    #expect(!rewritten.contains(try Regex(#"\?[0-9]"#)), "\(rewritten)")
                    #expect(throws: Never.self, "\(rewritten)") { try connection.execute("PREPARE shared_\(index) AS \(rewritten)") }
                }
                try connection.execute("DEALLOCATE ALL")
            }
        default:
            Issue.record("unknown gateway \(type(of: store.gateway))")
        }
    }

    /// The texts only PostgreSQL runs: the row locks SQLite's one writer never needs, and the
    /// outbox append as one statement (`SQLDialect.updatesInWith`).
    static let lockTexts = [QuotaCheck.lockOwner, AccountLocks.lock, TransferSteps.lockAccounts, OutboxSteps.appendEvent]

    /// Every text both engines run, with the lock clauses of `D`'s dialect.
    static func texts<D: SQLDatabase>(_: D.Type) -> [String] {
        let lock = D.dialect.rowLock
        let orders = OrderStatements(paymentAccountLock: lock)
        let sessions = SessionStatements(familyLock: lock)
        var orderLists: [String] = []
        for sort in OrderSort.allCases {
            for filtered in [false, true] {
                for resumed in [false, true] { orderLists.append(OrderStatements.list(sort: sort, filtered: filtered, resumed: resumed)) }
            }
        }
        typealias Accounts = SQLAccountManager<D>
        typealias Drafts = SQLTransferDraftManager<D>
        typealias Transfers = SQLTransferManager<D>
        typealias Transactions = SQLTransactionManager<D>
        typealias Idempotency = SQLIdempotencyManager<D>
        typealias Identity = SQLIdentityManager<D>
        typealias Outbox = SQLOutboxManager<D>
        typealias Products = SQLProductManager<D>
        typealias Users = SQLUserManager<D>
        typealias Report = TransactionReportPages<D.Connection>
        return [
            Accounts.list, Accounts.listAfter, Accounts.fetchOwned, Accounts.fetchAny, Accounts.balance, Accounts.accountCount, AccountRow.insert,
            ContactStatements.list, ContactStatements.listAfter, ContactStatements.fetch, ContactStatements.delete,
            ContactStatements.count(), ContactRow.insert(), ContactRow.update(),
            Idempotency.insert, Idempotency.replace, Idempotency.complete, Idempotency.release, Idempotency.purge, Idempotency.select(lockClause: lock),
            Identity.insertClaim, Identity.claimCount, Identity.upsertCode, Identity.spendTry, Identity.liveCode, Identity.deleteCode,
            Identity.address, Identity.verifiedHolder, Identity.releaseUnverifiedHolder, Identity.markVerified, Identity.setPassword,
            Identity.revokeSessions, Identity.fetchUser, Identity.purgeUnverified, Identity.purgeCodes,
            Outbox.events, Outbox.purgeEvents, Outbox.leaseDue(lockClause: D.dialect.leaseLock), Outbox.anyDue, Outbox.finish, Outbox.releaseAll,
            Outbox.recent, Outbox.purgeMail, OutboxSteps.nextPosition, OutboxSteps.insertEvent, OutboxSteps.insertMail,
            orders.nextNumber, orders.insert, orders.insertLine, orders.fetch, orders.fetchLines, orders.insertTransaction, orders.cancel,
            orders.voidPayment, orders.paymentAccount,
            Products.list, Products.listAfter, Products.fetch,
            SessionStatements.insert, SessionStatements.insertWithoutRefresh, SessionStatements.fetch, SessionStatements.revoke,
            SessionStatements.revokeAllBut, SessionStatements.touch, SessionStatements.list, SessionStatements.rotate,
            SessionStatements.updatePasswordHash, SessionStatements.purge, sessions.fetchFamily,
            Transactions.list, Transactions.listAfter, TransactionRow.insert, TransactionRow.fetchOwned, Report.count, Report.firstPage, Report.nextPage,
            Drafts.insert, Drafts.fetch, Drafts.update, Drafts.delete, Drafts.purge, Drafts.openDraftCount,
            Transfers.fetch, Transfers.list, Transfers.listAfter, TransferSteps.insert, TransferSteps.available, TransferSteps.consumeDraft,
            Users.fetchByID, UserRow.fetchByEmail, UserRow.signInCandidates, UserRow.insert, UserRow.markVerified,
        ] + orderLists + LedgerStatements.all
    }
}
