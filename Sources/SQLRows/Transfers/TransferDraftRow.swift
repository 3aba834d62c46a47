import Domain
import Foundation

/// How a `TransferDraftState` is laid out in a row of `transfer_drafts`, both ways.
public enum TransferDraftRow {
    /// The columns a draft is read from and written to, in row order.
    public enum Column: Int32, SQLColumn {
        case id, owner_id, from_account_id, currency, amount_minor, recipient_type, recipient_id, memo, created_at, expires_at, version

        /// `transfer_drafts`.
        public static var table: String { "transfer_drafts" }
    }

    /// The columns `draft(_:)` reads, in its order.
    public static let columns = Column.selectList
    /// One draft, with `values(of:)`.
    public static let insert = SQLColumnText.insert(into: Column.table, Column.allCases.map(\.name))

    /// A draft from a row selected with `columns`; a NULL where the schema forbids one, or a
    /// currency or recipient type this build does not know, is storage corruption, reported as
    /// a failure rather than guessed.
    @inlinable
    public static func draft<Row: SQLRow>(_ row: Row) throws(GatewayError) -> TransferDraftState {
        let row = row.columns(Column.self)
        let code: String = try row.required(.currency)
        guard let currency = Currency(code: code) else { throw SQLReadFailure.unreadable(Column.currency, code) }
        var recipient: TransferRecipient?
        if let type = row.optional(.recipient_type, as: String.self) {
            guard let known = TransferRecipient(type: type, id: try row.required(.recipient_id)) else {
                throw SQLReadFailure.unreadable(Column.recipient_type, type)
            }
            recipient = known
        }
        return TransferDraftState(
            id: TransferDraftID(try row.required(.id)), ownerID: UserID(try row.required(.owner_id)),
            fromAccountID: AccountID(try row.required(.from_account_id)), currency: currency, amountMinor: row.optional(.amount_minor),
            recipient: recipient, memo: row.optional(.memo), createdAt: try row.required(.created_at), expiresAt: try row.required(.expires_at),
            version: try row.required(.version))
    }

    /// Parameters of `insert`, one per column.
    public static func values(of draft: TransferDraftState) -> [SQLValue] {
        Column.allCases.map { value($0, of: draft) }
    }

    /// What `draft` stores in `column`.
    public static func value(_ column: Column, of draft: TransferDraftState) -> SQLValue {
        switch column {
        case .id: .text(draft.id.rawValue)
        case .owner_id: .text(draft.ownerID.rawValue)
        case .from_account_id: .text(draft.fromAccountID.rawValue)
        case .currency: .text(draft.currency.code)
        case .amount_minor: SQLValue(draft.amountMinor)
        case .recipient_type: SQLValue(draft.recipient?.type)
        case .recipient_id: SQLValue(draft.recipient?.id)
        case .memo: SQLValue(draft.memo)
        case .created_at: .integer(Milliseconds.from(draft.createdAt))
        case .expires_at: .integer(Milliseconds.from(draft.expiresAt))
        case .version: .integer(Int64(draft.version))
        }
    }
}
