import Domain
import DomainTestSupport
import Foundation
import Synchronization

/// Alice, Bob and Carol with accounts, contacts and balances, for the transfer use cases.
///
/// Alice: `a_main` (CAD, 100.00), `a_savings` (CAD), `a_euro` (EUR, 50.00), `a_card` (CAD, limit
/// 20.00). Bob: `b_eur` (EUR, oldest), `b_main` (CAD), `b_second` (CAD, newer). Carol: registered,
/// EUR only. Alice's contacts: `c_bob` (Bob's email in another case), `c_carol`, `c_stranger`
/// (unregistered email), `c_noemail`; Bob's contact `c_bobs`.
final class TransferWorld {
    let users = InMemoryAccounts()
    var accounts: InMemoryAccountManager { users.accountStore }
    let contacts: InMemoryContactManager
    let drafts = InMemoryTransferDraftManager()
    let transfers: InMemoryTransferManager
    let policy = TransferPolicy()
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    init() throws {
        transfers = InMemoryTransferManager(accounts: users.accountStore, drafts: drafts)
        contacts = InMemoryContactManager([
            contact("c_bob", first: "Bob", last: "Jones", email: " Bob@Example.com "),
            contact("c_carol", first: nil, last: nil, email: "carol@example.com"),
            contact("c_stranger", first: "Stranger", last: nil, email: "nobody@example.com"),
            contact("c_noemail", first: "No", last: "Email"),
            contact("c_bobs", first: "Alice", last: nil, owner: bob, email: "alice@example.com"),
            contact("c_dave", first: "Dave", last: nil, email: "dave@example.com"),
        ])
        func register(_ id: UserID, _ name: String, _ email: String, verified: Bool = true) throws {
            let user = User(id: id, name: name, email: email, passwordHash: "x", createdAt: start, emailVerifiedAt: verified ? start : nil)
            let session = Session(tokenDigest: "d_\(id)", userID: id, createdAt: start, expiresAt: start)
            _ = try users.register(user, firstSession: session, firstAccount: Self.account("first_\(id)", owner: id, currency: .jpy, at: -1_000))
        }
        try register(alice, "Alice Smith", "alice@example.com")
        try register(bob, "Bob Jones", "bob@example.com")
        try register(UserID("carol"), "Carol", "carol@example.com")
        // Dave holds his address from before verification existed, and never verified it.
        try register(UserID("dave"), "Dave", "dave@example.com", verified: false)
        for account in [
            Self.account("a_main", owner: alice), Self.account("a_savings", owner: alice, at: 10), Self.account("a_euro", owner: alice, currency: .eur),
            Self.account("a_card", owner: alice, creditLimit: 2_000), Self.account("b_eur", owner: bob, currency: .eur, at: -10),
            Self.account("b_main", owner: bob), Self.account("b_second", owner: bob, at: 10), Self.account("c_eur", owner: UserID("carol"), currency: .eur), Self.account("d_main", owner: UserID("dave")),
        ] {
            try accounts.insert(account)
        }
        accounts.balances.withLock { $0 = [AccountID("a_main"): 10_000, AccountID("a_euro"): 5_000] }
    }

    static func account(_ id: String, owner: UserID, currency: Currency = .cad, creditLimit: Int64 = 0, at offset: TimeInterval = 0) -> Account {
        Account(
            id: AccountID(id), ownerID: owner, name: "Account \(id)", currency: currency, creditLimit: creditLimit,
            createdAt: Date(timeIntervalSince1970: 1_700_000_000 + offset))
    }

    func balance(_ id: String) -> Int64 {
        accounts.balances.withLock { $0[AccountID(id)] ?? 0 }
    }

    func transformer(clock: any Clock = FixedClock(), transfers: (any TransferManager)? = nil) -> TransferCreateTransformer {
        TransferCreateTransformer(
            transfers: transfers ?? self.transfers, accounts: accounts, contacts: contacts, users: users, policy: policy, clock: clock,
            ids: SequentialIDGenerator())
    }

    func flow(owner: UserID = alice, at offset: TimeInterval = 0, transfers: (any TransferManager)? = nil) -> TransferFlow {
        TransferFlow(
            drafts: drafts, transfers: transfers ?? self.transfers, accounts: accounts, contacts: contacts, users: users, policy: policy,
            owner: owner, clock: FixedClock(start.addingTimeInterval(offset)), ids: SequentialIDGenerator())
    }
}
