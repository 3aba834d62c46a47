import Domain
import Foundation
import Synchronization

/// Ids `c_1`, `c_2`, … in order.
final class SequentialIDGenerator: IDGenerator {
    private let next = Mutex(0)
    func makeID(prefix: String) -> String {
        prefix + String(next.withLock { value in value += 1; return value })
    }
}

let alice = UserID("alice")
let bob = UserID("bob")

func contact(_ id: String, first: String?, last: String?, owner: UserID = alice, email: String? = nil, phone: String? = nil, version: Int = 1) -> Contact {
    Contact(
        id: ContactID(id), ownerID: owner, firstName: first, lastName: last, email: email, phone: phone,
        createdAt: Date(timeIntervalSince1970: 1_700_000_000), updatedAt: Date(timeIntervalSince1970: 1_700_000_000), version: version)
}

func account(_ id: String, owner: UserID = alice, currency: Currency = .cad, creditLimit: Int64 = 0, createdAt seconds: TimeInterval = 1_700_000_000) -> Account {
    Account(id: AccountID(id), ownerID: owner, name: "Account \(id)", currency: currency, creditLimit: creditLimit, createdAt: Date(timeIntervalSince1970: seconds))
}

func day(_ text: String) -> CalendarDate {
    guard let date = CalendarDate(text) else { fatalError("bad test date \(text)") }
    return date
}

/// Canadian cents as Money.
func cents(_ minor: Int64) -> Money { Money(minor: minor, currency: .cad) }

func transaction(
    _ id: String, _ group: TransactionGroup, _ date: String, _ description: String, _ amount: Int64, _ direction: TransactionDirection = .debit,
    account: String = "a_1"
) -> Transaction {
    Transaction(id: TransactionID(id), accountID: AccountID(account), group: group, direction: direction, date: day(date), description: description, amount: amount)
}

/// The report demo's 58-row feed, copied from the shared fixtures into `Tests/Fixtures`.
func reportDemoFeed() throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/report-demo-feed.json"))
}
