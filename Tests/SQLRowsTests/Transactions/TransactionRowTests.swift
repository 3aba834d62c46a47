import Domain
import SQLRows
import Testing

@Suite("TransactionRow")
struct TransactionRowTests {
    let transaction = Transaction(
        id: TransactionID("t_1"), accountID: AccountID("a_1"), group: .authorized, direction: .debit,
        date: CalendarDate(year: 2026, month: 2, day: 28)!, description: "Coffee", amount: 450, sequence: 7)

    /// The row a select of `TransactionRow.columns` gives: the sequence, then the inserted values.
    var row: ValuesRow { ValuesRow([.integer(7)] + TransactionRow.values(of: transaction)) }

    @Test("a transaction reads back as it was written, with the sequence storage assigned")
    func roundTrip() throws {
        #expect(try TransactionRow.transaction(row) == transaction)
    }

    @Test("a group, direction or date the table forbids is a storage failure naming the column", arguments: [
        (3, SQLValue.text("pending"), "unreadable transactions.txn_group: pending"),
        (4, .text("sideways"), "unreadable transactions.direction: sideways"),
        (5, .text("2026-02-30"), "unreadable transactions.date: 2026-02-30"), (5, .null, "NULL in required column transactions.date"),
    ])
    func unreadable(column: Int, value: SQLValue, reason: String) {
        #expect(throws: GatewayError.failure(reason)) {
            try TransactionRow.transaction(row.replacing(column, with: value))
        }
    }
}
