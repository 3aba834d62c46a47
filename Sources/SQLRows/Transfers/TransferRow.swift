import Domain
import Foundation

/// How a `Transfer` is laid out in a row of `transfers`, both ways.
public enum TransferRow {
    /// The columns a transfer is read from and written to, in row order.
    public enum Column: Int32, SQLColumn {
        case id, owner_id, from_account_id, to_account_id, recipient_type, recipient_id, recipient_name, amount_minor, currency, memo
        case debit_transaction_id, credit_transaction_id, created_at, status, recipient_email, expires_at, resolved_at, cancelled_by

        /// `transfers`.
        public static var table: String { "transfers" }
    }

    /// The columns `transfer(_:)` reads, in its order.
    public static let columns = Column.selectList
    /// One transfer, with `values(of:)`.
    public static let insert = SQLColumnText.insert(into: Column.table, Column.allCases.map(\.name))
    /// `insert` only once the transfer's debit leg is in (its id, the `debit_transaction_id`
    /// parameter): a transfer whose legs were refused stores no row.
    public static let insertAfterDebit = SQLColumnText.insert(
        into: Column.table, Column.allCases.map(\.name),
        where: "EXISTS (SELECT 1 FROM transactions WHERE id = ?\(Column.debit_transaction_id.rawValue + 1))")

    /// A transfer from a row selected with `columns`; a NULL or a value the table forbids is
    /// storage corruption, reported as a failure rather than guessed.
    @inlinable
    public static func transfer<Row: SQLRow>(_ row: Row) throws(GatewayError) -> Transfer {
        let row = row.columns(Column.self)
        let code: String = try row.required(.currency)
        let type: String = try row.required(.recipient_type)
        let statusName: String = try row.required(.status)
        guard let status = TransferStatus(rawValue: statusName) else { throw SQLReadFailure.unreadable(Column.status, statusName) }
        let cancelledByName: String? = row.optional(.cancelled_by)
        let cancelledBy = try cancelledByName.map { name throws(GatewayError) in
            guard let party = TransferParty(rawValue: name) else { throw SQLReadFailure.unreadable(Column.cancelled_by, name) }
            return party
        }
        let to: String? = row.optional(.to_account_id)
        let debit: String? = row.optional(.debit_transaction_id)
        let credit: String? = row.optional(.credit_transaction_id)
        guard let currency = Currency(code: code) else { throw SQLReadFailure.unreadable(Column.currency, code) }
        guard let recipient = TransferRecipient(type: type, id: try row.required(.recipient_id)) else {
            throw SQLReadFailure.unreadable(Column.recipient_type, type)
        }
        return Transfer(
            id: TransferID(try row.required(.id)), ownerID: UserID(try row.required(.owner_id)),
            fromAccountID: AccountID(try row.required(.from_account_id)), toAccountID: to.map(AccountID.init),
            recipient: recipient, recipientName: try row.required(.recipient_name),
            amount: Money(minor: try row.required(.amount_minor), currency: currency), memo: row.optional(.memo),
            debitTransactionID: debit.map(TransactionID.init), creditTransactionID: credit.map(TransactionID.init),
            createdAt: try row.required(.created_at), status: status, recipientEmail: row.optional(.recipient_email),
            expiresAt: row.optional(.expires_at), resolvedAt: row.optional(.resolved_at), cancelledBy: cancelledBy)
    }

    /// Parameters of `insert`, one per column.
    public static func values(of transfer: Transfer) -> [SQLValue] {
        Column.allCases.map { value($0, of: transfer) }
    }

    /// What `transfer` stores in `column`.
    public static func value(_ column: Column, of transfer: Transfer) -> SQLValue {
        switch column {
        case .id: .text(transfer.id.rawValue)
        case .owner_id: .text(transfer.ownerID.rawValue)
        case .from_account_id: .text(transfer.fromAccountID.rawValue)
        case .to_account_id: SQLValue(transfer.toAccountID?.rawValue)
        case .recipient_type: .text(transfer.recipient.type)
        case .recipient_id: .text(transfer.recipient.id)
        case .recipient_name: .text(transfer.recipientName)
        case .amount_minor: .integer(transfer.amount.minor)
        case .currency: .text(transfer.amount.currency.code)
        case .memo: SQLValue(transfer.memo)
        case .debit_transaction_id: SQLValue(transfer.debitTransactionID?.rawValue)
        case .credit_transaction_id: SQLValue(transfer.creditTransactionID?.rawValue)
        case .created_at: .integer(Milliseconds.from(transfer.createdAt))
        case .status: .text(transfer.status.rawValue)
        case .recipient_email: SQLValue(transfer.recipientEmail)
        case .expires_at: transfer.expiresAt.map { .integer(Milliseconds.from($0)) } ?? .null
        case .resolved_at: transfer.resolvedAt.map { .integer(Milliseconds.from($0)) } ?? .null
        case .cancelled_by: SQLValue(transfer.cancelledBy?.rawValue)
        }
    }
}
