import Domain
import Foundation
import Presentation
import Testing

/// The transfer's and the draft's hand-written encodings, checked against the exact documents a
/// client receives.
@Suite("transfer JSON documents")
struct TransferViewModelTests {
    static let created = Date(timeIntervalSince1970: 1_795_000_000)

    func written(_ value: some JSONWritable) -> String {
        var output = JSONOutput()
        value.write(to: &output)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    func transfer(memo: String? = "rent \"May\"") -> TransferPresentationModel {
        TransferPresentationModel(Transfer(
            id: TransferID("tr_1"), ownerID: Fixture.owner, fromAccountID: AccountID("a_main"), toAccountID: AccountID("a_bob"),
            recipient: .contact(ContactID("c_bob")), recipientName: "Bob Smith", amount: Money(minor: 123_456, currency: .cad), memo: memo,
            debitTransactionID: TransactionID("t_1"), creditTransactionID: TransactionID("t_2"), createdAt: Self.created))
    }

    func draft(
        amountMinor: Int64? = nil, recipient: TransferRecipient? = nil, recipientName: String? = nil, memo: String? = nil, version: Int = 1
    ) -> TransferDraftPresentationModel {
        TransferDraftPresentationModel(TransferDraftState(
            id: TransferDraftID("td_1"), ownerID: Fixture.owner, fromAccountID: AccountID("a_main"), currency: .cad, amountMinor: amountMinor,
            recipient: recipient, memo: memo, createdAt: Self.created, expiresAt: Self.created.addingTimeInterval(86_400), version: version), recipientName: recipientName)
    }

    @Test("a transfer is written with every key in order, its recipient nested and the amount formatted for the language")
    func transferDocument() {
        #expect(written(TransferViewModel(transfer(), messages: Messages(.en))) == """
            {"id":"tr_1","status":"completed","statusText":"Completed","fromAccountId":"a_main","toAccountId":"a_bob",\
            "recipient":{"type":"contact","id":"c_bob","name":"Bob Smith","email":null},\
            "amount":{"minor":123456,"currency":"CAD","formatted":"$1,234.56"},"memo":"rent \\"May\\"","createdAt":"2026-11-18T11:06:40Z",\
            "createdAtFormatted":"Nov 18, 2026, 11:06 UTC","expiresAt":null,"resolvedAt":"2026-11-18T11:06:40Z","cancelledBy":null}
            """)
        #expect(written(TransferViewModel(transfer(memo: nil), messages: Messages(.fr))) == """
            {"id":"tr_1","status":"completed","statusText":"Terminé","fromAccountId":"a_main","toAccountId":"a_bob",\
            "recipient":{"type":"contact","id":"c_bob","name":"Bob Smith","email":null},\
            "amount":{"minor":123456,"currency":"CAD","formatted":"1\u{A0}234,56\u{A0}$"},"memo":null,"createdAt":"2026-11-18T11:06:40Z",\
            "createdAtFormatted":"18 nov. 2026 à 11:06 UTC","expiresAt":null,"resolvedAt":"2026-11-18T11:06:40Z","cancelledBy":null}
            """)
    }

    @Test("a new draft has null for every step and lists what submit needs")
    func emptyDraft() {
        let draft = TransferDraftViewModel(draft(), language: .en)
        #expect(written(draft) == """
            {"id":"td_1","fromAccountId":"a_main","amount":null,"recipient":null,"memo":null,"missing":["amount","recipient"],\
            "nextStep":"recipient","createdAt":"2026-11-18T11:06:40Z","expiresAt":"2026-11-19T11:06:40Z"}
            """)
        #expect(draft.etag == "\"1\"")
    }

    @Test("a complete draft shows its steps, nothing missing, and its bumped ETag")
    func completeDraft() {
        let draft = TransferDraftViewModel(draft(amountMinor: 1_000, recipient: .account(AccountID("a_savings")), recipientName: "Savings", memo: "lunch", version: 4), language: .en)
        #expect(written(draft) == """
            {"id":"td_1","fromAccountId":"a_main","amount":{"minor":1000,"currency":"CAD","formatted":"$10.00"},\
            "recipient":{"type":"account","id":"a_savings","name":"Savings"},"memo":"lunch","missing":[],\
            "nextStep":"review","createdAt":"2026-11-18T11:06:40Z","expiresAt":"2026-11-19T11:06:40Z"}
            """)
        #expect(draft.etag == "\"4\"")
    }

    @Test("the draft names the flow's next screen: the recipient first, then the amount, then the review", arguments: [
        (nil, nil, "recipient"), (1_000, nil, "recipient"), (nil, TransferRecipient.account(AccountID("a_savings")), "amount"),
        (1_000, TransferRecipient.contact(ContactID("c_bob")), "review"),
    ] as [(Int64?, TransferRecipient?, String)])
    func nextStep(amountMinor: Int64?, recipient: TransferRecipient?, step: String) {
        for language in Language.allCases {
            let draft = TransferDraftViewModel(draft(amountMinor: amountMinor, recipient: recipient, recipientName: "Someone"), language: language)
            #expect(draft.nextStep == step)
            #expect(written(draft).contains(#""nextStep":"\#(step)""#))
        }
    }

    @Test("a history page has the transfers and a cursor; only an empty first page carries the message")
    func list() {
        let item = TransferViewModel(transfer(memo: nil), messages: Messages(.en))
        #expect(written(TransferListViewModel(items: [item], nextCursor: "abc", message: nil)) == """
            {"items":[{"id":"tr_1","status":"completed","statusText":"Completed","fromAccountId":"a_main","toAccountId":"a_bob",\
            "recipient":{"type":"contact","id":"c_bob","name":"Bob Smith","email":null},\
            "amount":{"minor":123456,"currency":"CAD","formatted":"$1,234.56"},"memo":null,"createdAt":"2026-11-18T11:06:40Z",\
            "createdAtFormatted":"Nov 18, 2026, 11:06 UTC","expiresAt":null,"resolvedAt":"2026-11-18T11:06:40Z","cancelledBy":null}],"nextCursor":"abc"}
            """)
        #expect(written(TransferListViewModel(items: [], nextCursor: nil, message: "No transfers found")) == """
            {"items":[],"nextCursor":null,"message":"No transfers found"}
            """)
    }
}
