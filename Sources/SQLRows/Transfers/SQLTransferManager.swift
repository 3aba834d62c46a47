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

    /// Parameters: ?1 address, ?2 limit.
    static var incoming: String {
        "SELECT \(TransferRow.columns) FROM transfers WHERE recipient_email = ?1 AND status = 'pending' ORDER BY created_at DESC, id DESC LIMIT ?2"
    }
    /// Parameters: ?1 address, ?2 cursor created_at, ?3 cursor id, ?4 limit.
    static var incomingAfter: String {
        """
        SELECT \(TransferRow.columns) FROM transfers WHERE recipient_email = ?1 AND status = 'pending' \
        AND (created_at, id) < (CAST(?2 AS BIGINT), CAST(?3 AS TEXT)) ORDER BY created_at DESC, id DESC LIMIT ?4
        """
    }
    static var fetchIncoming: String { "SELECT \(TransferRow.columns) FROM transfers WHERE id = ?1 AND recipient_email = ?2" }
    /// Parameters: ?1 the end at or before which, ?2 limit.
    static var due: String {
        "SELECT \(TransferRow.columns) FROM transfers WHERE status = 'pending' AND expires_at <= ?1 ORDER BY expires_at, id LIMIT ?2"
    }
    /// Parameters: ?1 account, ?2 from, ?3 to (exclusive), ?4 limit.
    static var pendingFrom: String {
        """
        SELECT \(TransferRow.columns) FROM transfers WHERE from_account_id = ?1 AND status = 'pending' AND created_at >= ?2 AND created_at < ?3 \
        ORDER BY created_at, id LIMIT ?4
        """
    }

    private let database: Database
    private let locksAccounts: Bool
    private let pendingQuota: Int?
    private let ownerLock: String?

    /// Transfers on `database`; where its writers run side by side (`SQLDialect.locksRows`), a
    /// transfer locks both accounts, in id order, before the funds are read: no other transfer,
    /// import or paid order can move either balance between the check and the debit, and two
    /// transfers in opposite directions take their locks in the same order. `pendingQuota`: the
    /// most pending transfers one sender may have.
    public init(database: Database, pendingQuota: Int? = StorageQuotas.standard.pendingTransfers) {
        self.database = database
        locksAccounts = Database.dialect.locksRows
        self.pendingQuota = pendingQuota
        ownerLock = Database.dialect.locksRows ? QuotaCheck.lockOwner : nil
    }

    public func execute(_ new: NewTransfer, consuming draft: TransferDraftID?) throws -> TransferOutcome {
        try GatewayError.mapping {
            do {
                return try database.write(locking: TransferSteps.locks(of: new)) { connection in
                    try TransferSteps.execute(
                        new, consuming: draft, locksAccounts: locksAccounts, pendingQuota: pendingQuota, ownerLock: ownerLock, on: connection)
                }
            } catch is TransferSteps.InsufficientFunds {
                return .insufficientFunds
            }
        }
    }

    public func incoming(email: String, after cursor: TransferCursor?, limit: Int) throws -> [Transfer] {
        guard limit > 0 else { return [] }
        let values: [SQLValue] = if let cursor {
            [.text(email), .integer(Milliseconds.from(cursor.createdAt)), .text(cursor.id.rawValue), .integer(Int64(limit))]
        } else {
            [.text(email), .integer(Int64(limit))]
        }
        return try database.rows(cursor == nil ? Self.incoming : Self.incomingAfter, values, TransferRow.transfer)
    }

    public func fetchIncoming(id: TransferID, email: String) throws -> Transfer? {
        try database.first(Self.fetchIncoming, [.text(id.rawValue), .text(email)], TransferRow.transfer)
    }

    public func claim(_ claim: TransferClaim) throws -> TransferResolutionOutcome {
        try resolving(Self.fetchIncoming, [.text(claim.transferID.rawValue), .text(claim.email)], at: claim.claimedAt, claimAccount: claim.toAccountID) {
            TransferSteps.Resolution(resolved: claim.completing($0), legs: claim.legs(of: $0), events: claim.events(of: $0))
        }
    }

    public func cancel(id: TransferID, owner: UserID, at date: Date) throws -> TransferResolutionOutcome {
        try resolving(Self.fetch, [.text(id.rawValue), .text(owner.rawValue)], at: date) { TransferSteps.cancelling($0, by: .sender, at: date) }
    }

    public func decline(id: TransferID, email: String, at date: Date) throws -> TransferResolutionOutcome {
        try resolving(Self.fetchIncoming, [.text(id.rawValue), .text(email)], at: date) { TransferSteps.cancelling($0, by: .recipient, at: date) }
    }

    public func expire(dueAt date: Date, limit: Int) throws -> Int {
        guard limit > 0 else { return 0 }
        let due = try database.rows(Self.due, [.integer(Milliseconds.from(date)), .integer(Int64(limit))], TransferRow.transfer)
        var expired = 0
        // One write each: a transfer locks its own source, so a batch never holds two accounts'
        // locks out of id order.
        for transfer in due {
            let outcome = try resolving(TransferSteps.fetchAny, [.text(transfer.id.rawValue)], at: date) { TransferSteps.expiring($0, at: date) }
            // Expired by this call: a due transfer is reported as found expired, with this
            // call's instant; one another instance resolved meanwhile carries another.
            switch outcome {
            case .resolved(let resolved) where resolved.status == .expired: expired += 1
            case .alreadyResolved(let resolved) where resolved.status == .expired && resolved.resolvedAt == date: expired += 1
            default: break
            }
        }
        return expired
    }

    public func pending(from account: AccountID, createdFrom from: Date, to: Date, limit: Int) throws -> [Transfer] {
        guard limit > 0 else { return [] }
        return try database.rows(Self.pendingFrom, [
            .text(account.rawValue), .integer(Milliseconds.from(from)), .integer(Milliseconds.from(to)), .integer(Int64(limit)),
        ], TransferRow.transfer)
    }

    /// Reads the transfer with `lookup` (scoped to its party) inside one write and resolves it.
    private func resolving(
        _ lookup: String, _ values: [SQLValue], at date: Date, claimAccount: AccountID? = nil,
        _ resolution: @escaping (Transfer) -> TransferSteps.Resolution
    ) throws -> TransferResolutionOutcome {
        try GatewayError.mapping {
            try database.write { connection in
                let found = try connection.rows(lookup, values, TransferRow.transfer).first
                return try TransferSteps.resolve(found, at: date, claimAccount: claimAccount, locksAccounts: locksAccounts, on: connection, resolution)
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
