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
