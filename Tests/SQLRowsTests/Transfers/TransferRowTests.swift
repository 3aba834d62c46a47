import Domain
import Foundation
import SQLRows
import Testing

@Suite("TransferRow")
struct TransferRowTests {
    let transfer = Transfer(
        id: TransferID("tr_1"), ownerID: UserID("u_alice"), fromAccountID: AccountID("a_1"), toAccountID: AccountID("a_2"),
        recipient: .contact(ContactID("c_1")), recipientName: "Bob", amount: Money(minor: 1_250, currency: .eur), memo: nil,
        debitTransactionID: TransactionID("t_d"), creditTransactionID: TransactionID("t_c"),
        createdAt: Date(timeIntervalSince1970: 1_795_000_000.5))

    @Test("a transfer reads back as it was written, a missing memo included")
    func roundTrip() throws {
        #expect(try TransferRow.transfer(ValuesRow(TransferRow.values(of: transfer))) == transfer)
    }

    @Test("an unknown currency or recipient type is a storage failure naming the row", arguments: [
        (8, SQLValue.text("XYZ")), (4, .text("iban")),
    ])
    func unreadable(column: Int, value: SQLValue) {
        let row = ValuesRow(TransferRow.values(of: transfer)).replacing(column, with: value)
        #expect(throws: GatewayError.failure("unreadable transfer row tr_1")) { try TransferRow.transfer(row) }
    }
}
