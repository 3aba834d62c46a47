import Domain
import Foundation

/// How a `TransferDraftState` is laid out in a row of `transfer_drafts`, both ways.
public enum TransferDraftRow {
    /// The columns `draft(_:)` reads, in its order.
    public static let columns = """
        id, owner_id, from_account_id, currency, amount_minor, recipient_type, recipient_id, memo, created_at, expires_at, version
        """

    /// A draft from a row selected with `columns`; a currency or recipient type this build does
    /// not know is storage corruption, reported as a failure rather than guessed.
    @inlinable
    public static func draft<Row: SQLRow>(_ row: Row) throws -> TransferDraftState {
        let code = row.string(at: 3) ?? ""
        guard let currency = Currency(code: code) else { throw GatewayError.failure("transfer draft with unknown currency \(code)") }
        var recipient: TransferRecipient?
        if let type = row.string(at: 5) {
            guard let known = TransferRecipient(type: type, id: row.string(at: 6) ?? "") else {
                throw GatewayError.failure("transfer draft with unknown recipient type \(type)")
            }
            recipient = known
        }
        return TransferDraftState(
            id: TransferDraftID(row.string(at: 0) ?? ""), ownerID: UserID(row.string(at: 1) ?? ""), fromAccountID: AccountID(row.string(at: 2) ?? ""),
            currency: currency, amountMinor: row.isNull(at: 4) ? nil : row.int64(at: 4), recipient: recipient, memo: row.string(at: 7),
            createdAt: Milliseconds.date(row.int64(at: 8)), expiresAt: Milliseconds.date(row.int64(at: 9)), version: row.int(at: 10))
    }

    /// Parameters 1…11 of an insert listing `columns`.
    public static func values(of draft: TransferDraftState) -> [SQLValue] {
        [
            .text(draft.id.rawValue), .text(draft.ownerID.rawValue), .text(draft.fromAccountID.rawValue), .text(draft.currency.code),
            SQLValue(draft.amountMinor), SQLValue(draft.recipient?.type), SQLValue(draft.recipient?.id), SQLValue(draft.memo),
            .integer(Milliseconds.from(draft.createdAt)), .integer(Milliseconds.from(draft.expiresAt)), .integer(Int64(draft.version)),
        ]
    }
}
