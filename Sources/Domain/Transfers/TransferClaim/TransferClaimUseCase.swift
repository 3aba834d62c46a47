import Foundation

/// `POST /v1/transfers/{id}/claim`: the verified owner of the address money was sent to takes
/// it into one of their accounts in its currency. Storage re-checks, in the claim's own write,
/// that it is still pending and not past its end.
///
/// Outcomes: `presentClaimed(_:)`, `presentValidationFailures(_:)` (no account named),
/// `presentEmailNotVerified()`, `presentNotFound(_:)`, `presentAccountNotFound(_:)`,
/// `presentCurrencyMismatch()`, `presentSameAccount()`, `presentAlreadyResolved(_:cancelledBy:)`, storage failures, and
/// `presentInternalInconsistency(_:)` for a clock outside the calendar.
public struct TransferClaimUseCase {
    private let transfers: any TransferManager
    private let accounts: any AccountManager
    private let recipient: VerifiedRecipient
    private let owner: UserID
    private let clock: any Clock
    private let ids: any IDGenerator

    public init(
        transfers: any TransferManager, accounts: any AccountManager, users: any UserManager, owner: UserID, clock: any Clock, ids: any IDGenerator
    ) {
        self.transfers = transfers
        self.accounts = accounts
        recipient = VerifiedRecipient(users: users)
        self.owner = owner
        self.clock = clock
        self.ids = ids
    }

    public func eventClaim(id: TransferID, toAccountID: AccountID?, output: any TransferClaimUseCaseOutput) {
        do {
            guard let toAccountID, !toAccountID.rawValue.isEmpty else {
                return output.presentValidationFailures([TransferFieldFailure(field: .recipient, rule: .required)])
            }
            guard let email = try recipient.email(of: owner) else { return output.presentEmailNotVerified() }
            guard let pending = try transfers.fetchIncoming(id: id, email: email) else { return output.presentNotFound(id) }
            guard pending.status == .pending else {
                return output.presentAlreadyResolved(pending.status, cancelledBy: pending.cancelledBy)
            }
            guard let account = try accounts.fetch(id: toAccountID, owner: owner) else { return output.presentAccountNotFound(toAccountID) }
            guard account.currency == pending.amount.currency else { return output.presentCurrencyMismatch() }
            // A sender who verified the address later claims their own money: back into the
            // source would be a transfer from an account to itself.
            guard account.id != pending.fromAccountID else { return output.presentSameAccount() }
            let now = clock.now()
            guard let date = CalendarDate(utc: now) else {
                return output.presentInternalInconsistency("the clock reads \(now), outside the calendar's range")
            }
            let senderName = try recipient.senderName(of: pending)
            let claim = TransferClaim(
                transferID: id, claimant: owner, email: email, toAccountID: account.id, debitTransactionID: TransactionID(ids.makeID(prefix: "t_")),
                creditTransactionID: TransactionID(ids.makeID(prefix: "t_")),
                creditDescription: senderName.isEmpty ? "Transfer received" : "Transfer from \(senderName)", claimedAt: now, date: date)
            VerifiedRecipient.present(try transfers.claim(claim), id: id, to: output) {
                output.presentClaimed(IncomingTransferPresentationModel($0, senderName: senderName))
            }
        } catch {
            output.presentStorage(error)
        }
    }
}
