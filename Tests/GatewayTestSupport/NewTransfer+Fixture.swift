import Domain
import Foundation

extension NewTransfer {
    /// A transfer of `owner` of `amount` cents between two CAD accounts, created at `createdAt`
    /// (Unix seconds, millisecond-exact), with leg ids derived from `id`; `recipient` owns `to`
    /// (the owner unless said).
    public static func fixture(
        id: String, owner: String = "u_alice", from: String = "a_u_alice", to: String, amount: Int64, currency: Currency = .cad,
        createdAt: TimeInterval = 1_795_000_000.123, creditID: String? = nil,
        recipient: String? = nil
    ) -> NewTransfer {
        let transfer = Transfer(
            id: TransferID(id), ownerID: UserID(owner), fromAccountID: AccountID(from), toAccountID: AccountID(to), recipient: .account(AccountID(to)),
            recipientName: "Account \(to)", amount: Money(minor: amount, currency: currency), memo: "memo \(id)",
            debitTransactionID: TransactionID("\(id)_debit"), creditTransactionID: TransactionID(creditID ?? "\(id)_credit"),
            createdAt: Date(timeIntervalSince1970: createdAt))
        return NewTransfer(
            transfer: transfer, date: CalendarDate(utc: transfer.createdAt) ?? CalendarDate(year: 2026, month: 11, day: 17)!,
            debitDescription: "Transfer to \(to)", creditDescription: "Transfer from \(from)",
            recipientID: UserID(recipient ?? owner))
    }
}

extension NewTransfer {
    /// A transfer of `owner` of `amount` cents from `from` to a contact whose address (`email`)
    /// nobody verified: pending until `expiresAt` (Unix seconds), no destination and no leg.
    public static func pendingFixture(
        id: String, owner: String = "u_alice", from: String = "a_u_alice", email: String = "paula@example.com", amount: Int64,
        createdAt: TimeInterval = 1_795_000_000.123, expiresAt: TimeInterval = 1_795_086_400.123
    ) -> NewTransfer {
        let transfer = Transfer(
            id: TransferID(id), ownerID: UserID(owner), fromAccountID: AccountID(from), toAccountID: nil, recipient: .contact(ContactID("c_\(id)")),
            recipientName: "Paula Payee", amount: Money(minor: amount, currency: .cad), memo: nil, debitTransactionID: nil,
            creditTransactionID: nil, createdAt: Date(timeIntervalSince1970: createdAt), status: .pending, recipientEmail: email,
            expiresAt: Date(timeIntervalSince1970: expiresAt))
        return NewTransfer(
            transfer: transfer, date: CalendarDate(utc: transfer.createdAt) ?? CalendarDate(year: 2026, month: 11, day: 17)!,
            debitDescription: "Transfer to Paula Payee", creditDescription: "Transfer from Alice", recipientID: nil)
    }
}
