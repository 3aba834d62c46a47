import Domain
import Foundation
import Synchronization
import Testing

@Suite("TransactionImportTransformer")
struct TransactionImportTransformerTests {
    let transactions = InMemoryTransactionManager()
    var accounts: InMemoryAccountManager { InMemoryAccountManager([accountFixture, account("a_bob", owner: bob)], transactions: transactions) }

    func run(_ feed: String, account id: String = "a_1", accounts: InMemoryAccountManager? = nil) -> [TransactionOutputSpy.Event] {
        let spy = TransactionOutputSpy()
        TransactionImportTransformer(accounts: accounts ?? self.accounts, transactions: transactions, ids: SequentialIDGenerator())
            .transform(feed: Data(feed.utf8), account: AccountID(id), output: spy)
        return spy.events
    }

    static func row(_ index: Int, amount: String = "1.00") -> String {
        #"{"group": "P", "date": "2016-05-01", "description": "Row \#(index)", "amount": "\#(amount)", "debit": "D"}"#
    }

    @Test("a good feed stores every row in feed order, as entities of the account, and reports the count")
    func imports() {
        let events = run(#"[{"group": "A", "date": "2016-04-01T09:00:00Z", "description": "Starbucks", "amount": "3.11", "debit": "D"}, {"group": "P", "date": "2016-05-01", "description": "Payment", "amount": "400", "debit": "C"}]"#)
        #expect(events == [.progress(2, of: 2), .imported(2, AccountID("a_1"))])
        #expect(transactions.all == [
            Transaction(id: TransactionID("t_1"), accountID: AccountID("a_1"), group: .authorized, direction: .debit, date: day("2016-04-01"), description: "Starbucks", amount: 311, sequence: 1),
            Transaction(id: TransactionID("t_2"), accountID: AccountID("a_1"), group: .posted, direction: .credit, date: day("2016-05-01"), description: "Payment", amount: 40_000, sequence: 2),
        ])
    }

    @Test("one bad row among 10,000 imports nothing and names its index")
    func atomic() {
        var rows = (0..<10_000).map { Self.row($0) }
        rows[6_789] = Self.row(6_789, amount: "1.001")
        #expect(run("[" + rows.joined(separator: ",") + "]") == [.malformed([TransactionFeedFailure(index: 6_789, field: .amount, rule: .tooManyDecimals(allowed: 2))])])
        #expect(transactions.all.isEmpty)
    }

    @Test("a storage failure midway keeps nothing")
    func storageMidway() {
        transactions.failInsertAfter.withLock { $0 = 1 }
        #expect(run("[\(Self.row(0)), \(Self.row(1))]") == [.storageFailure])
        #expect(transactions.all.isEmpty)
    }

    @Test("not JSON, not an array, and an unknown account are refused, storing nothing")
    func refusals() {
        #expect(run("group,date") == [.notJSON])
        #expect(run(#"{"rows": []}"#) == [.notArray])
        #expect(run("[\(Self.row(0))]", account: "a_missing") == [.notFound(AccountID("a_missing"))])
        #expect(transactions.all.isEmpty)
    }

    @Test("imported debits may take the account past its credit limit: the processor already approved them")
    func bypassesAvailableFunds() throws {
        let manager = accounts
        #expect(run("[\(Self.row(0, amount: "1000000.00"))]", accounts: manager).last == .imported(1, AccountID("a_1")))
        #expect(try manager.balance(of: AccountID("a_1")) == -100_000_000)
    }
}
