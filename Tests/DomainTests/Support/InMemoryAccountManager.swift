import Domain
import DomainTestSupport
import Foundation
import Synchronization

/// An AccountManager in memory, with the SQLite one's ordering and scoping rules; balances come
/// from the `InMemoryTransactionManager` it is given (or are set directly).
final class InMemoryAccountManager: UnimplementedAccountManager {
    private let accounts = Mutex<[AccountID: Account]>([:])
    let balances = Mutex<[AccountID: Int64]>([:])
    /// What pending transfers hold on each account.
    let holds = Mutex<[AccountID: Int64]>([:])
    let failure = Mutex<GatewayError?>(nil)
    private let transactions: InMemoryTransactionManager?

    init(_ initial: [Account] = [], transactions: InMemoryTransactionManager? = nil) {
        self.transactions = transactions
        accounts.withLock { stored in for account in initial { stored[account.id] = account } }
    }

    var all: [Account] { accounts.withLock { Array($0.values) } }

    private func check() throws {
        if let error = failure.withLock({ $0 }) { throw error }
    }

    func list(owner: UserID, after cursor: AccountCursor?, limit: Int) throws -> [Account] {
        try check()
        return accounts.withLock { stored in
            stored.values.filter { $0.ownerID == owner }
                .sorted { ($0.createdAt, $0.id.rawValue) < ($1.createdAt, $1.id.rawValue) }
                .filter { account in
                    guard let cursor else { return true }
                    return (account.createdAt, account.id.rawValue) > (cursor.createdAt, cursor.id.rawValue)
                }
                .prefix(limit).map { $0 }
        }
    }

    func fetch(id: AccountID, owner: UserID) throws -> Account? {
        try check()
        return accounts.withLock { $0[id].flatMap { $0.ownerID == owner ? $0 : nil } }
    }

    func fetch(id: AccountID) throws -> Account? {
        try check()
        return accounts.withLock { $0[id] }
    }

    func insert(_ account: Account) throws {
        try check()
        try accounts.withLock { stored in
            if stored[account.id] != nil { throw GatewayError.conflict("duplicate id") }
            stored[account.id] = account
        }
    }

    func balance(of id: AccountID) throws -> Int64 {
        try check()
        if let transactions {
            return transactions.all.filter { $0.accountID == id }.reduce(0) { $0 + ($1.direction == .credit ? $1.amount : -$1.amount) }
        }
        return balances.withLock { $0[id] ?? 0 }
    }

    func amounts(of id: AccountID) throws -> AccountAmounts {
        AccountAmounts(balance: try balance(of: id), pending: holds.withLock { $0[id] ?? 0 })
    }
}
