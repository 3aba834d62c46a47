import Domain
import Testing

@Suite("TransactionListUseCase")
struct TransactionListUseCaseTests {
    let transactions = InMemoryTransactionManager([
        transaction("t1", .posted, "2016-05-01", "First", 100),
        transaction("t2", .authorized, "2016-05-03", "Second", 200),
        transaction("t3", .posted, "2016-05-03", "Third", 300, .credit),
        transaction("t4", .posted, "2016-05-02", "Fourth", 400),
        transaction("t9", .posted, "2016-05-09", "Bob's", 900, account: "a_bob"),
    ])
    let accounts = InMemoryAccountManager([accountFixture, account("a_bob", owner: bob)])

    func list(_ id: String = "a_1", filter: TransactionFilter = TransactionFilter(), after cursor: TransactionCursor? = nil, limit: Int = 20) -> [TransactionOutputSpy.Event] {
        let spy = TransactionOutputSpy()
        TransactionListUseCase(accounts: accounts, transactions: transactions, owner: alice)
            .eventList(account: AccountID(id), filter: filter, after: cursor, limit: limit, output: spy)
        return spy.events
    }

    func models(_ ids: [String]) -> [TransactionPresentationModel] {
        ids.compactMap { id in transactions.all.first { $0.id.rawValue == id }.map { TransactionPresentationModel($0, currency: .cad) } }
    }

    @Test("newest first: by date, then by insertion order, both descending; pages resume after the cursor")
    func pages() {
        #expect(list(limit: 2) == [.transactions(models(["t3", "t2"]), next: TransactionCursor(date: day("2016-05-03"), sequence: 2))])
        #expect(list(after: TransactionCursor(date: day("2016-05-03"), sequence: 2), limit: 2) == [.transactions(models(["t4", "t1"]), next: nil)])
    }

    @Test("group and date filters narrow the list")
    func filters() {
        #expect(list(filter: TransactionFilter(group: .posted)) == [.transactions(models(["t3", "t4", "t1"]), next: nil)])
        #expect(list(filter: TransactionFilter(from: day("2016-05-02"), to: day("2016-05-02"))) == [.transactions(models(["t4"]), next: nil)])
        #expect(list(filter: TransactionFilter(group: .authorized, to: day("2016-05-02"))) == [.noTransactions])
    }

    @Test("amounts are unsigned Money with the direction beside them")
    func amounts() {
        guard case .transactions(let page, _) = list(filter: TransactionFilter(group: .posted), limit: 1).first else {
            Issue.record("no page")
            return
        }
        #expect(page.first?.amount == cents(300))
        #expect(page.first?.direction == .credit)
    }

    @Test("from after to, and another owner's account, are refused")
    func refusals() {
        #expect(list(filter: TransactionFilter(from: day("2016-05-03"), to: day("2016-05-02"))) == [.invalidRange(.fromAfterTo)])
        #expect(list("a_bob") == [.notFound(AccountID("a_bob"))])
    }
}
