import Domain
import Foundation

/// `IdempotencyManager` on `idempotency_records`, on either gateway (`?N` texts).
///
/// A reservation claims a free key with `INSERT … ON CONFLICT DO NOTHING`: the primary key
/// `(owner_id, key)` lets exactly one concurrent insert through. Otherwise it decides on the
/// existing record, read with the dialect's lock: on PostgreSQL, whose writers run side by side,
/// `FOR UPDATE`, so that of concurrent takeovers of an abandoned or expired record exactly one
/// replaces it and the others then see the new reservation; on SQLite none, every reservation
/// running on the one writer (there the loop below never takes a second round).
public struct SQLIdempotencyManager<Database: SQLDatabase>: IdempotencyManager {
    static var insert: String {
        """
        INSERT INTO idempotency_records (owner_id, key, fingerprint, state, created_at) VALUES (?1, ?2, ?3, 'in_flight', ?4) \
        ON CONFLICT (owner_id, key) DO NOTHING
        """
    }
    /// A takeover keeps the record's transfer only for the same request in flight
    /// (`IdempotencyRecord.resumedTransfer(for:)`); every right-hand side reads the row as it was.
    static var replace: String {
        """
        UPDATE idempotency_records SET fingerprint = ?3, state = 'in_flight', response_status = NULL, \
        response_headers = NULL, response_body = NULL, created_at = ?4, \
        transfer_id = CASE WHEN state = 'in_flight' AND fingerprint = ?3 THEN transfer_id END WHERE owner_id = ?1 AND key = ?2
        """
    }
    static var complete: String {
        """
        UPDATE idempotency_records SET state = 'completed', response_status = ?3, response_headers = ?4, response_body = ?5 \
        WHERE owner_id = ?1 AND key = ?2 AND state = 'in_flight'
        """
    }
    /// A record naming a transfer is kept: its request failed after the transfer's write (a lost
    /// session at the `COMMIT`), so the transfer may have committed, and the retry after the
    /// timeout must resume it rather than find the key free.
    static var release: String {
        "DELETE FROM idempotency_records WHERE owner_id = ?1 AND key = ?2 AND state = 'in_flight' AND transfer_id IS NULL"
    }
    /// Parameters: ?1 oldest kept, ?2 batch size; `idempotency_records_created` finds the batch,
    /// the primary key its rows (PostgreSQL has no rowid).
    static var purge: String {
        """
        DELETE FROM idempotency_records WHERE (owner_id, key) IN \
        (SELECT owner_id, key FROM idempotency_records WHERE created_at < ?1 LIMIT ?2)
        """
    }
    /// The record of owner ?1 and key ?2, locked as the dialect needs.
    static func select(lockClause: String) -> String {
        "SELECT \(IdempotencyRow.columns) FROM idempotency_records WHERE owner_id = ?1 AND key = ?2\(lockClause)"
    }

    /// Rounds of insert-then-lock a reservation makes before giving up: another round is only
    /// needed when the record it conflicted with was released or purged before it could lock it,
    /// so each one means another request made progress. 10 was once too few for the contract
    /// test's nine threads reserving, releasing and purging one key on a loaded 2-core machine;
    /// a round costs two statements in the same transaction.
    static var attempts: Int { 100 }

    private let database: Database
    private let policy: IdempotencyPolicy
    private let select: String

    /// Records on `database`, an existing one read with `SQLDialect.rowLock`.
    public init(database: Database, policy: IdempotencyPolicy = .standard) {
        self.database = database
        self.policy = policy
        select = Self.select(lockClause: Database.dialect.rowLock)
    }

    public func reserve(owner: UserID, key: IdempotencyKey, fingerprint: String, now: Date) throws -> IdempotencyReservation {
        let ids: [SQLValue] = [.text(owner.rawValue), .text(key.rawValue)]
        let reservation: [SQLValue] = ids + [.text(fingerprint), .integer(Milliseconds.from(now))]
        // A fresh key, the common case, is one statement; the loop below decides on a taken one.
        // Its commit need not wait for a flush: the write it guards commits after it, waiting
        // for a flush that takes the reservation along, and so does the completion or release
        // of a refused request. A crash before then loses both, and the client's retry finds the
        // key free, as it would have had the reservation never been made.
        if try database.change(Self.insert, reservation, waitsForFlush: false) == 1 { return .reserved }
        return try GatewayError.mapping {
            try database.write { connection in
                for _ in 0..<Self.attempts {
                    if try connection.run(Self.insert, reservation) == 1 {
                        return .reserved
                    }
                    // Read in a statement of its own: under READ COMMITTED it sees the record
                    // whose commit made the insert above do nothing.
                    let existing = try connection.rows(select, ids) { row in
                        try IdempotencyRow.record(row, owner: owner, key: key)
                    }.first
                    guard let existing else { continue }
                    if let answer = existing.answer(to: fingerprint, at: now, policy: policy) {
                        return answer
                    }
                    try connection.run(Self.replace, reservation)
                    return existing.resumedTransfer(for: fingerprint).map(IdempotencyReservation.resumed) ?? .reserved
                }
                throw GatewayError.unavailable("idempotency key \(key.rawValue) kept changing under reservation")
            }
        }
    }

    @discardableResult
    public func complete(owner: UserID, key: IdempotencyKey, response: StoredResponse, waitsForFlush: Bool) throws -> Bool {
        let values = try GatewayError.mapping { try IdempotencyRow.completionValues(owner: owner, key: key, response: response) }
        return try database.change(Self.complete, values, waitsForFlush: waitsForFlush) == 1
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
