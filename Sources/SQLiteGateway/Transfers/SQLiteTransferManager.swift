import Domain
import Foundation
import SQLRows

/// `TransferManager` on `transfers`; the legs are rows of `transactions`, written in the same
/// `BEGIN IMMEDIATE` transaction, so the funds check and the debit cannot interleave with another
/// writer's.
public struct SQLiteTransferManager: TransferManager {
    static let insert = "INSERT INTO transfers (\(TransferRow.columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)"
    /// The source's available funds: its stored balance (`SQLiteAccountManager.balance`'s
    /// definition) plus the credit limit; no row when the account is gone. Read inside the write,
    /// so no other writer can move the balance between this check and the debit.
    static let available = "SELECT credit_limit + balance FROM accounts WHERE id = ?1"
    static let consumeDraft = "DELETE FROM transfer_drafts WHERE id = ?1 AND owner_id = ?2 AND expires_at > ?3"
    static let fetch = "SELECT \(TransferRow.columns) FROM transfers WHERE id = ?1 AND owner_id = ?2"
    /// Parameters: ?1 owner, ?2 cursor created_at, ?3 cursor id, ?4 limit.
    static let list = "SELECT \(TransferRow.columns) FROM transfers WHERE owner_id = ?1 ORDER BY created_at DESC, id DESC LIMIT ?4"
    static let listAfter = """
        SELECT \(TransferRow.columns) FROM transfers WHERE owner_id = ?1 AND (created_at, id) < (?2, ?3) \
        ORDER BY created_at DESC, id DESC LIMIT ?4
        """

    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func execute(_ new: NewTransfer, consuming draft: TransferDraftID?) throws -> TransferOutcome {
        let transfer = new.transfer
        return try GatewayError.mapping {
            try database.write { connection -> TransferOutcome in
                let available = try connection.statement(Self.available).rows([.text(transfer.fromAccountID.rawValue)]) { $0.int64(at: 0) }.first
                guard let available, transfer.amount.minor <= available else { return .insufficientFunds }
                if let draft {
                    let deleted = try connection.statement(Self.consumeDraft).run([
                        .text(draft.rawValue), .text(transfer.ownerID.rawValue), .integer(Milliseconds.from(transfer.createdAt)),
                    ])
                    guard deleted == 1 else { return .draftNotFound }
                }
                let insertLeg = try connection.statement(SQLiteTransactionManager.insert)
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
        let values: [SQLValue] = [
            .text(owner.rawValue), cursor.map { .integer(Milliseconds.from($0.createdAt)) } ?? .null, SQLValue(cursor?.id.rawValue),
            .integer(Int64(limit)),
        ]
        return try database.rows(cursor == nil ? Self.list : Self.listAfter, values, TransferRow.transfer)
    }
}
