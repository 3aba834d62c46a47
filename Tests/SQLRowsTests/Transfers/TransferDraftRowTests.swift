import Domain
import Foundation
import SQLRows
import Testing

@Suite("TransferDraftRow")
struct TransferDraftRowTests {
    let draft = TransferDraftState(
        id: TransferDraftID("d_1"), ownerID: UserID("u_alice"), fromAccountID: AccountID("a_1"), currency: .cad, amountMinor: nil,
        recipient: nil, memo: nil, createdAt: Date(timeIntervalSince1970: 1_795_000_000), expiresAt: Date(timeIntervalSince1970: 1_795_000_900),
        version: 3)

    @Test("a draft reads back as it was written, at each step of being filled in")
    func roundTrip() throws {
        var filled = draft
        filled.amountMinor = 0
        filled.recipient = .account(AccountID("a_2"))
        filled.memo = "rent"
        for state in [draft, filled] {
            #expect(try TransferDraftRow.draft(ValuesRow(TransferDraftRow.values(of: state))) == state)
        }
    }

    @Test("an unknown currency is a storage failure")
    func unknownCurrency() {
        let row = ValuesRow(TransferDraftRow.values(of: draft)).replacing(3, with: .text("XYZ"))
        #expect(throws: GatewayError.failure("unreadable transfer_drafts.currency: XYZ")) { try TransferDraftRow.draft(row) }
    }

    @Test("an unknown recipient type is a storage failure, not a draft without a recipient")
    func unknownRecipientType() {
        let row = ValuesRow(TransferDraftRow.values(of: draft)).replacing(5, with: .text("iban")).replacing(6, with: .text("x"))
        #expect(throws: GatewayError.failure("unreadable transfer_drafts.recipient_type: iban")) { try TransferDraftRow.draft(row) }
    }
}
