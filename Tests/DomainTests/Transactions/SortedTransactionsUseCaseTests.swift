import Domain
import Testing

@Suite("SortedTransactionsUseCase")
struct SortedTransactionsUseCaseTests {
    let transactions = InMemoryTransactionManager([
        transaction("t1", .posted, "2016-05-02", "TTC", 2800),
        transaction("t2", .authorized, "2016-04-03", "Payment", 40_000, .credit),
        transaction("t3", .authorized, "2016-04-01", "Starbucks", 311),
        transaction("t4", .posted, "2016-05-01", "Firkin", 1534),
        transaction("t5", .posted, "2016-05-01", "Later the same day", 100),
        transaction("t9", .posted, "2016-05-01", "Bob's", 100, account: "a_bob"),
    ])

    func run(_ selection: SortedTransactionsSelection, owner: UserID = alice, accounts: [Account] = [accountFixture, account("a_bob", owner: bob, createdAt: 1)]) -> [SortedTransactionsOutputSpy.Event] {
        let spy = SortedTransactionsOutputSpy()
        SortedTransactionsUseCase(accounts: InMemoryAccountManager(accounts), transactions: transactions).eventList(selection, owner: owner, output: spy)
        return spy.events
    }

    func ids(_ events: [SortedTransactionsOutputSpy.Event]) -> [String] {
        guard case .transactions(let rows) = events.first else { return [] }
        return rows.map(\.id.rawValue)
    }

    @Test("all is authorized then posted, each by date then insertion order")
    func all() {
        #expect(ids(run(.all)) == ["t3", "t2", "t4", "t5", "t1"])
        #expect(ids(run(.authorized)) == ["t3", "t2"])
        #expect(ids(run(.posted)) == ["t4", "t5", "t1"])
    }

    @Test("only the owner's first account counts; another owner's rows never show")
    func firstAccount() {
        let second = account("a_2", createdAt: 1_800_000_000)
        #expect(ids(run(.posted, accounts: [accountFixture, second, account("a_bob", owner: bob)])) == ["t4", "t5", "t1"])
        #expect(ids(run(.posted, owner: bob)) == ["t9"])
    }

    @Test("no account, or nothing in the selection, is not found")
    func notFound() {
        #expect(run(.all, owner: UserID("nobody")) == [.notFound])
        let spy = SortedTransactionsOutputSpy()
        SortedTransactionsUseCase(accounts: InMemoryAccountManager([account("a_empty")]), transactions: transactions)
            .eventList(.all, publicAccount: AccountID("a_empty"), output: spy)
        #expect(spy.events == [.notFound])
    }

    @Test("a public account is read whoever owns it")
    func publicAccount() {
        let spy = SortedTransactionsOutputSpy()
        SortedTransactionsUseCase(accounts: InMemoryAccountManager([account("a_bob", owner: bob)]), transactions: transactions)
            .eventList(.posted, publicAccount: AccountID("a_bob"), output: spy)
        #expect(ids(spy.events) == ["t9"])
    }

    @Test("a group holds at most its newest maximumRowsPerGroup rows, oldest first; the other group is capped on its own")
    func cappedPerGroup() {
        let cap = SortedTransactionsUseCase.maximumRowsPerGroup
        // p0 the oldest date, p1 the newest, the rest one day in insertion order.
        var many = (0..<(cap + 5)).map { index in
            transaction("p\(index)", .posted, index == 0 ? "2016-01-01" : index == 1 ? "2016-12-31" : "2016-03-01", "Row \(index)", 100)
        }
        many.append(transaction("auth", .authorized, "2016-01-01", "Authorized", 100))
        let spy = SortedTransactionsOutputSpy()
        SortedTransactionsUseCase(accounts: InMemoryAccountManager([accountFixture]), transactions: InMemoryTransactionManager(many))
            .eventList(.all, owner: alice, output: spy)
        #expect(ids(spy.events) == ["auth"] + (6..<(cap + 5)).map { "p\($0)" } + ["p1"])
    }
}
