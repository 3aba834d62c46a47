import Domain
import Foundation
import GatewayTestSupport

extension Store {
    /// Every store's accounts besides the owners' registration ones are made by the tests.
    func addAccount(_ id: String, owner: String = "u_alice", currency: Currency = .cad, creditLimit: Int64 = 0) throws {
        try gateway.accounts.insert(Account(
            id: AccountID(id), ownerID: UserID(owner), name: "Account \(id)", currency: currency, creditLimit: creditLimit,
            createdAt: Date(timeIntervalSince1970: 1_795_000_000)))
    }

    /// An imported posted credit of `amount` cents on `account`, as an import stores it.
    func fund(_ account: String, _ amount: Int64) throws {
        let credit = Transaction(
            id: TransactionID("import_\(account)_\(amount)"), accountID: AccountID(account), group: .posted, direction: .credit,
            date: CalendarDate(year: 2026, month: 11, day: 1)!, description: "Import", amount: amount)
        try gateway.transactions.insert([credit]) { _ in }
    }

    /// Balance plus credit limit, less what pending transfers hold: what a transfer or a paid
    /// order may take.
    func available(_ account: String) throws -> Int64 {
        let limit = try gateway.accounts.fetch(id: AccountID(account))?.creditLimit ?? 0
        let amounts = try gateway.accounts.amounts(of: AccountID(account))
        return amounts.balance + limit - amounts.pending
    }

    /// The transactions of `accounts` (default: the three owners' registration accounts), read
    /// through the gateway.
    func transactionCount(_ accounts: [String] = TestOwners.ids.map { "a_\($0)" }) throws -> Int {
        try accounts.map { try gateway.transactions.list(account: AccountID($0), filter: TransactionFilter(), after: nil, limit: 1_000_000).count }
            .reduce(0, +)
    }

    /// The transfers of every owner.
    func transferCount() throws -> Int {
        try TestOwners.ids.map { try gateway.transfers.list(owner: UserID($0), after: nil, limit: 1_000_000).count }.reduce(0, +)
    }

    /// The orders of every owner.
    func orderCount() throws -> Int {
        try TestOwners.ids.map {
            try gateway.orders.list(owner: UserID($0), status: nil, sort: .placedAtAscending, after: nil, limit: 1_000_000).count
        }.reduce(0, +)
    }
}
