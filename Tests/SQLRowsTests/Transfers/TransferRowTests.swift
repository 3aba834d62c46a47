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

    @Test("an unknown currency or recipient type, or a NULL where one is required, is a storage failure naming the column", arguments: [
        (TransferRow.Column.currency, SQLValue.text("XYZ"), "unreadable transfers.currency: XYZ"),
        (.recipient_type, .text("iban"), "unreadable transfers.recipient_type: iban"),
        (.debit_transaction_id, .null, "NULL in required column transfers.debit_transaction_id"),
    ])
    func unreadable(column: TransferRow.Column, value: SQLValue, reason: String) {
        let row = ValuesRow(TransferRow.values(of: transfer)).replacing(Int(column.rawValue), with: value)
        #expect(throws: GatewayError.failure(reason)) { try TransferRow.transfer(row) }
    }
}
