import Domain
import Foundation

/// `TransferManager` on `transfers` on either gateway; the legs are rows of `transactions`,
/// written in the same transaction (`TransferSteps`).
public struct SQLTransferManager<Database: SQLDatabase>: TransferManager {
    static var fetch: String { "SELECT \(TransferRow.columns) FROM transfers WHERE id = ?1 AND owner_id = ?2" }
    /// Parameters: ?1 owner, ?2 limit (a statement PostgreSQL prepares may not name a parameter
    /// it never uses).
    static var list: String { "SELECT \(TransferRow.columns) FROM transfers WHERE owner_id = ?1 ORDER BY created_at DESC, id DESC LIMIT ?2" }
    /// Parameters: ?1 owner, ?2 cursor created_at, ?3 cursor id, ?4 limit; the casts tell
    /// PostgreSQL the types of a row comparison's parameters.
    static var listAfter: String {
        """
        SELECT \(TransferRow.columns) FROM transfers WHERE owner_id = ?1 AND (created_at, id) < (CAST(?2 AS BIGINT), CAST(?3 AS TEXT)) \
        ORDER BY created_at DESC, id DESC LIMIT ?4
        """
    }

    private let database: Database
    private let locksAccounts: Bool

    /// Transfers on `database`; where its writers run side by side (`SQLDialect.locksRows`), a
    /// transfer locks both accounts, in id order, before the funds are read: no other transfer,
    /// import or paid order can move either balance between the check and the debit, and two
    /// transfers in opposite directions take their locks in the same order.
    public init(database: Database) {
        self.database = database
        locksAccounts = Database.dialect.locksRows
    }

    public func execute(_ new: NewTransfer, consuming draft: TransferDraftID?) throws -> TransferOutcome {
        try GatewayError.mapping {
            try database.write { connection in try TransferSteps.execute(new, consuming: draft, locksAccounts: locksAccounts, on: connection) }
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
