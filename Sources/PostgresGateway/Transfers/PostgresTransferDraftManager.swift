import Domain
import Foundation
import SQLRows

/// `TransferDraftManager` on `transfer_drafts`; expiry is a condition of every query, so an
/// expired row is never read or changed, whether or not it has been purged yet.
public struct PostgresTransferDraftManager: TransferDraftManager {
    static let insert = "INSERT INTO transfer_drafts (\(TransferDraftRow.columns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"
    static let fetch = "SELECT \(TransferDraftRow.columns) FROM transfer_drafts WHERE id = $1 AND owner_id = $2 AND expires_at > $3"
    /// Parameters: $1 id, $2 owner, $3 now, $4 expected version, $5 amount, $6 recipient type, $7 recipient id, $8 memo.
    /// The row lock of the UPDATE makes a concurrent step wait and then see the new version, so
    /// of two steps from the same version exactly one applies.
    static let update = """
        UPDATE transfer_drafts SET amount_minor = $5, recipient_type = $6, recipient_id = $7, memo = $8, version = version + 1 \
        WHERE id = $1 AND owner_id = $2 AND expires_at > $3 AND version = $4
        """
    static let delete = "DELETE FROM transfer_drafts WHERE id = $1 AND owner_id = $2"
    /// Parameters: $1 now, $2 batch size; `transfer_drafts_expires` finds the batch.
    static let purge = "DELETE FROM transfer_drafts WHERE id IN (SELECT id FROM transfer_drafts WHERE expires_at <= $1 LIMIT $2)"

    /// How many unexpired drafts the owner holds at $2, for the open-draft quota.
    static let openDraftCount = "SELECT count(*) FROM transfer_drafts WHERE owner_id = $1 AND expires_at > $2"
    /// The owner's row, locked first: concurrent drafts of one owner are counted one by one.
    static let lockOwner = "SELECT 1 FROM users WHERE id = $1 FOR UPDATE"

    private let database: PostgresDatabase
    /// Most open drafts per owner; nil for no quota.
    private let quota: Int?

    public init(database: PostgresDatabase, quota: Int? = StorageQuotas.standard.openDrafts) {
        self.database = database
        self.quota = quota
    }

    public func insert(_ draft: TransferDraftState) throws {
        try GatewayError.mapping {
            try database.write { connection in
                let owner: [SQLValue] = [.text(draft.ownerID.rawValue), .integer(Milliseconds.from(draft.createdAt))]
                try QuotaCheck.ensureRoom(on: connection, .drafts, limit: quota, lock: Self.lockOwner, count: Self.openDraftCount, owner)
                try connection.run(Self.insert, TransferDraftRow.values(of: draft))
            }
        }
    }

    public func fetch(id: TransferDraftID, owner: UserID, at date: Date) throws -> TransferDraftState? {
        try GatewayError.mapping {
            try database.read { connection in
                try connection.statement(Self.fetch)
                    .rows([.text(id.rawValue), .text(owner.rawValue), .integer(Milliseconds.from(date))], TransferDraftRow.draft).first
            }
        }
    }

    public func update(_ draft: TransferDraftState, at date: Date) throws -> Bool {
        try GatewayError.mapping {
            try database.write { connection in
                try connection.statement(Self.update).run([
                    .text(draft.id.rawValue), .text(draft.ownerID.rawValue), .integer(Milliseconds.from(date)), .integer(Int64(draft.version)),
                    SQLValue(draft.amountMinor), SQLValue(draft.recipient?.type), SQLValue(draft.recipient?.id), SQLValue(draft.memo),
                ]) == 1
            }
        }
    }

    public func delete(id: TransferDraftID, owner: UserID) throws -> Bool {
        try database.change(Self.delete, [.text(id.rawValue), .text(owner.rawValue)]) == 1
    }

    public func purge(expiredAt date: Date, limit: Int) throws -> Int {
        guard limit > 0 else { return 0 }
        return try database.change(Self.purge, [.integer(Milliseconds.from(date)), .integer(Int64(limit))])
    }
}
