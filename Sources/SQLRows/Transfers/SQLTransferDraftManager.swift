import Domain
import Foundation

/// `TransferDraftManager` on `transfer_drafts`, on either gateway (`?N` texts); expiry is a
/// condition of every query, so an expired row is never read or changed, whether or not it has
/// been purged yet.
public struct SQLTransferDraftManager<Database: SQLDatabase>: TransferDraftManager {
    static var insert: String { TransferDraftRow.insert }
    static var fetch: String { "SELECT \(TransferDraftRow.columns) FROM transfer_drafts WHERE id = ?1 AND owner_id = ?2 AND expires_at > ?3" }
    /// Parameters: ?1 id, ?2 owner, ?3 now, ?4 expected version, ?5 amount, ?6 recipient type, ?7 recipient id, ?8 memo.
    /// The row lock of the UPDATE makes a concurrent step wait and then see the new version, so
    /// of two steps from the same version exactly one applies.
    static var update: String {
        """
        UPDATE transfer_drafts SET amount_minor = ?5, recipient_type = ?6, recipient_id = ?7, memo = ?8, version = version + 1 \
        WHERE id = ?1 AND owner_id = ?2 AND expires_at > ?3 AND version = ?4
        """
    }
    static var delete: String { "DELETE FROM transfer_drafts WHERE id = ?1 AND owner_id = ?2" }
    /// Parameters: ?1 now, ?2 batch size; `transfer_drafts_expires` finds the batch.
    static var purge: String { "DELETE FROM transfer_drafts WHERE id IN (SELECT id FROM transfer_drafts WHERE expires_at <= ?1 LIMIT ?2)" }

    /// How many unexpired drafts the owner holds at ?2, for the open-draft quota.
    static var openDraftCount: String { "SELECT count(*) FROM transfer_drafts WHERE owner_id = ?1 AND expires_at > ?2" }

    private let database: Database
    /// Most open drafts per owner; nil for no quota.
    private let quota: Int?
    private let lock: String?

    /// Drafts on `database`; where its writers run side by side (`SQLDialect.locksRows`), the
    /// quota's count first locks the owner's row.
    public init(database: Database, quota: Int? = StorageQuotas.standard.openDrafts) {
        self.database = database
        self.quota = quota
        lock = Database.dialect.locksRows ? QuotaCheck.lockOwner : nil
    }

    public func insert(_ draft: TransferDraftState) throws {
        try GatewayError.mapping {
            try database.write { connection in
                let owner: [SQLValue] = [.text(draft.ownerID.rawValue), .integer(Milliseconds.from(draft.createdAt))]
                try QuotaCheck.ensureRoom(on: connection, .drafts, limit: quota, lock: lock, count: Self.openDraftCount, owner)
                try connection.run(Self.insert, TransferDraftRow.values(of: draft))
            }
        }
    }

    public func fetch(id: TransferDraftID, owner: UserID, at date: Date) throws -> TransferDraftState? {
        try GatewayError.mapping {
            try database.read { connection in
                try connection.rows(Self.fetch, [.text(id.rawValue), .text(owner.rawValue), .integer(Milliseconds.from(date))], TransferDraftRow.draft).first
            }
        }
    }

    public func update(_ draft: TransferDraftState, at date: Date) throws -> Bool {
        try GatewayError.mapping {
            try database.write { connection in
                try connection.run(Self.update, [
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
