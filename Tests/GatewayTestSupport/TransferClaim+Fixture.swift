import Domain
import Foundation

extension TransferClaim {
    /// `claimant`'s claim of pending transfer `id` (sent to `email`) into `to`, at `claimedAt`
    /// (Unix seconds), with leg ids derived from `id`.
    public static func fixture(
        id: String, claimant: String = "u_bob", email: String = "paula@example.com", to: String = "a_u_bob",
        claimedAt: TimeInterval = 1_795_000_100.123
    ) -> TransferClaim {
        let date = Date(timeIntervalSince1970: claimedAt)
        return TransferClaim(
            transferID: TransferID(id), claimant: UserID(claimant), email: email, toAccountID: AccountID(to),
            debitTransactionID: TransactionID("\(id)_debit"), creditTransactionID: TransactionID("\(id)_credit"),
            creditDescription: "Transfer from Alice", claimedAt: date, date: CalendarDate(utc: date) ?? CalendarDate(year: 2026, month: 11, day: 17)!)
    }
}
