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

    @Test("a pending transfer reads back with no destination, no legs, its address and its end")
    func pendingRoundTrip() throws {
        var pending = transfer
        pending.status = .pending
        pending.toAccountID = nil
        pending.debitTransactionID = nil
        pending.creditTransactionID = nil
        pending.resolvedAt = nil
        pending.recipientEmail = "paula@example.com"
        pending.expiresAt = pending.createdAt.addingTimeInterval(7 * 86_400)
        #expect(try TransferRow.transfer(ValuesRow(TransferRow.values(of: pending))) == pending)
    }

    @Test("an unknown currency, recipient type, status or canceller, or a NULL where one is required, is a storage failure naming the column", arguments: [
        (TransferRow.Column.currency, SQLValue.text("XYZ"), "unreadable transfers.currency: XYZ"),
        (.recipient_type, .text("iban"), "unreadable transfers.recipient_type: iban"),
        (.status, .text("held"), "unreadable transfers.status: held"),
        (.cancelled_by, .text("bank"), "unreadable transfers.cancelled_by: bank"),
        (.recipient_id, .null, "NULL in required column transfers.recipient_id"),
        (.status, .null, "NULL in required column transfers.status"),
    ])
    func unreadable(column: TransferRow.Column, value: SQLValue, reason: String) {
        let row = ValuesRow(TransferRow.values(of: transfer)).replacing(Int(column.rawValue), with: value)
        #expect(throws: GatewayError.failure(reason)) { try TransferRow.transfer(row) }
    }
}
