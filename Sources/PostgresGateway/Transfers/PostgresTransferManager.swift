import Domain
import Foundation
import SQLRows

/// `TransferManager` on `transfers`; the legs are rows of `transactions`, written in the same
/// transaction. PostgreSQL runs writers side by side (from this process and from others on the
/// same database), so the source and destination rows are locked, in id order, before the funds
/// are read: no other transfer, import or paid order can move either balance between the check
/// and the debit, and two transfers in opposite directions take their locks in the same order.
public struct PostgresTransferManager: TransferManager {
    static let insert = "INSERT INTO transfers (\(TransferRow.columns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)"
    /// Both accounts of a transfer, locked until the write commits; `ORDER BY id` locks them in
    /// the order every balance-dependent write uses (`PostgresAccountManager.lock`).
    static let lockAccounts = "SELECT id FROM accounts WHERE id IN ($1, $2) ORDER BY id FOR UPDATE"
    /// The source's available funds: its stored balance (`PostgresAccountManager.balance`'s
    /// definition) plus the credit limit; no row when the account is gone. Read after
    /// `lockAccounts`, so it sees the last committed balance and nobody can change it until
    /// this transaction ends.
    static let available = "SELECT credit_limit + balance FROM accounts WHERE id = $1"
    /// Deletes at most once: a concurrent consumer of the same draft waits for this row lock,
    /// then finds the row gone and deletes nothing.
    static let consumeDraft = "DELETE FROM transfer_drafts WHERE id = $1 AND owner_id = $2 AND expires_at > $3"
    static let fetch = "SELECT \(TransferRow.columns) FROM transfers WHERE id = $1 AND owner_id = $2"
    /// Parameters: $1 owner, $2 limit.
    static let list = "SELECT \(TransferRow.columns) FROM transfers WHERE owner_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2"
    /// Parameters: $1 owner, $2 cursor created_at, $3 cursor id, $4 limit.
    static let listAfter = """
        SELECT \(TransferRow.columns) FROM transfers WHERE owner_id = $1 AND (created_at, id) < ($2::bigint, $3::text) \
        ORDER BY created_at DESC, id DESC LIMIT $4
        """

    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func execute(_ new: NewTransfer, consuming draft: TransferDraftID?) throws -> TransferOutcome {
        let transfer = new.transfer
        return try GatewayError.mapping {
            try database.write { connection -> TransferOutcome in
                try connection.statement(Self.lockAccounts).run([.text(transfer.fromAccountID.rawValue), .text(transfer.toAccountID.rawValue)])
                let available = try connection.statement(Self.available).rows([.text(transfer.fromAccountID.rawValue)]) { $0.int64(at: 0) }.first
                guard let available, transfer.amount.minor <= available else { return .insufficientFunds }
                if let draft {
                    let deleted = try connection.statement(Self.consumeDraft).run([
                        .text(draft.rawValue), .text(transfer.ownerID.rawValue), .integer(Milliseconds.from(transfer.createdAt)),
                    ])
                    guard deleted == 1 else { return .draftNotFound }
                }
                let insertLeg = connection.statement(PostgresTransactionManager.insert)
                try insertLeg.run(TransactionRow.values(of: new.debit))
                try insertLeg.run(TransactionRow.values(of: new.credit))
                try connection.statement(Self.insert).run(TransferRow.values(of: transfer))
                try OutboxSteps.append(new.events, on: connection)
                return .completed(transfer)
            }
        }
    }

    public func fetch(id: TransferID, owner: UserID) throws -> Transfer? {
        try database.first(Self.fetch, [.text(id.rawValue), .text(owner.rawValue)], TransferRow.transfer)
    }

    public func list(owner: UserID, after cursor: TransferCursor?, limit: Int) throws -> [Transfer] {
        guard limit > 0 else { return [] }
        let values: [SQLValue] = if let cursor {
            [.text(owner.rawValue), .integer(Milliseconds.from(cursor.createdAt)), .text(cursor.id.rawValue), .integer(Int64(limit))]
        } else {
            [.text(owner.rawValue), .integer(Int64(limit))]
        }
        return try database.rows(cursor == nil ? Self.list : Self.listAfter, values, TransferRow.transfer)
    }
}
