import Domain
import Foundation

/// How a `Transfer` is laid out in a row of `transfers`, both ways.
public enum TransferRow {
    /// The columns `transfer(_:)` reads, in its order.
    public static let columns = """
        id, owner_id, from_account_id, to_account_id, recipient_type, recipient_id, recipient_name, amount_minor, currency, memo, \
        debit_transaction_id, credit_transaction_id, created_at
        """

    /// A transfer from a row selected with `columns`; values the table forbids are storage
    /// corruption, reported as a failure rather than guessed.
    @inlinable
    public static func transfer<Row: SQLRow>(_ row: Row) throws -> Transfer {
        let code = row.string(at: 8) ?? ""
        guard let currency = Currency(code: code),
            let recipient = TransferRecipient(type: row.string(at: 4) ?? "", id: row.string(at: 5) ?? "")
        else { throw GatewayError.failure("unreadable transfer row \(row.string(at: 0) ?? "")") }
        return Transfer(
            id: TransferID(row.string(at: 0) ?? ""), ownerID: UserID(row.string(at: 1) ?? ""), fromAccountID: AccountID(row.string(at: 2) ?? ""),
            toAccountID: AccountID(row.string(at: 3) ?? ""), recipient: recipient, recipientName: row.string(at: 6) ?? "",
            amount: Money(minor: row.int64(at: 7), currency: currency), memo: row.string(at: 9),
            debitTransactionID: TransactionID(row.string(at: 10) ?? ""), creditTransactionID: TransactionID(row.string(at: 11) ?? ""),
            createdAt: Milliseconds.date(row.int64(at: 12)))
    }

    /// Parameters 1…13 of an insert listing `columns`.
    public static func values(of transfer: Transfer) -> [SQLValue] {
        [
            .text(transfer.id.rawValue), .text(transfer.ownerID.rawValue), .text(transfer.fromAccountID.rawValue),
            .text(transfer.toAccountID.rawValue), .text(transfer.recipient.type), .text(transfer.recipient.id), .text(transfer.recipientName),
            .integer(transfer.amount.minor), .text(transfer.amount.currency.code), SQLValue(transfer.memo),
            .text(transfer.debitTransactionID.rawValue), .text(transfer.creditTransactionID.rawValue),
            .integer(Milliseconds.from(transfer.createdAt)),
        ]
    }
}
