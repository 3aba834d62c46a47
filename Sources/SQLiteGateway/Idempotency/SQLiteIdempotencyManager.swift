import Domain
import Foundation
import SQLRows

/// `IdempotencyManager` on `idempotency_records`.
///
/// Every reservation runs on the single writer inside `BEGIN IMMEDIATE`, so concurrent reserves
/// of one key are serialized and exactly one finds the key free; the primary key
/// `(owner_id, key)` backs that up against any other writer of the file.
public struct SQLiteIdempotencyManager: IdempotencyManager {
    static let select = """
        SELECT \(IdempotencyRow.columns) \
        FROM idempotency_records WHERE owner_id = ?1 AND key = ?2
        """
    static let insert = """
        INSERT INTO idempotency_records (owner_id, key, fingerprint, state, created_at) VALUES (?1, ?2, ?3, 'in_flight', ?4)
        """
    static let replace = """
        UPDATE idempotency_records SET fingerprint = ?3, state = 'in_flight', response_status = NULL, \
        response_headers = NULL, response_body = NULL, created_at = ?4 WHERE owner_id = ?1 AND key = ?2
        """
    static let complete = """
        UPDATE idempotency_records SET state = 'completed', response_status = ?3, response_headers = ?4, response_body = ?5 \
        WHERE owner_id = ?1 AND key = ?2 AND state = 'in_flight'
        """
    static let release = "DELETE FROM idempotency_records WHERE owner_id = ?1 AND key = ?2 AND state = 'in_flight'"
    /// Parameters: ?1 oldest kept, ?2 batch size; `idempotency_records_created` finds the batch.
    static let purge = """
        DELETE FROM idempotency_records WHERE rowid IN (SELECT rowid FROM idempotency_records WHERE created_at < ?1 LIMIT ?2)
        """

    private let database: Database
    private let policy: IdempotencyPolicy

    public init(database: Database, policy: IdempotencyPolicy = .standard) {
        self.database = database
        self.policy = policy
    }

    public func reserve(owner: UserID, key: IdempotencyKey, fingerprint: String, now: Date) throws -> IdempotencyReservation {
        let ids: [SQLValue] = [.text(owner.rawValue), .text(key.rawValue)]
        return try GatewayError.mapping {
            try database.write { connection in
                let existing = try connection.statement(Self.select).rows(ids) { row in
                    try IdempotencyRow.record(row, owner: owner, key: key)
                }.first
                if let existing {
                    if let answer = existing.answer(to: fingerprint, at: now, policy: policy) {
                        return answer
                    }
                    try connection.statement(Self.replace).run(ids + [.text(fingerprint), .integer(Milliseconds.from(now))])
                } else {
                    try connection.statement(Self.insert).run(ids + [.text(fingerprint), .integer(Milliseconds.from(now))])
                }
                return .reserved
            }
        }
    }

    @discardableResult
    public func complete(owner: UserID, key: IdempotencyKey, response: StoredResponse) throws -> Bool {
        let values = try GatewayError.mapping { try IdempotencyRow.completionValues(owner: owner, key: key, response: response) }
        return try database.change(Self.complete, values) == 1
    }

    public func release(owner: UserID, key: IdempotencyKey) throws {
        try database.change(Self.release, [.text(owner.rawValue), .text(key.rawValue)])
    }

    @discardableResult
    public func purge(olderThan date: Date, limit: Int) throws -> Int {
        guard limit > 0 else { return 0 }
        return try database.change(Self.purge, [.integer(Milliseconds.from(date)), .integer(Int64(limit))])
    }
}
