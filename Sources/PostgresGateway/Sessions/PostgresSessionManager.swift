import Domain
import Foundation
import SQLRows

/// `SessionManager` on the `sessions` table; rows are found by token digest only.
///
/// Revocations are single conditional UPDATEs: of concurrent revokes of one session, from any
/// processes, the later waits for the earlier's row lock, re-checks `revoked_at IS NULL` and
/// changes nothing, so exactly one reports the revocation.
public struct PostgresSessionManager: SessionManager {
    static let insert = "INSERT INTO sessions (\(SessionRow.columns)) VALUES ($1, $2, $3, $4, $5)"
    static let fetch = "SELECT \(SessionRow.columns) FROM sessions WHERE token_digest = $1"
    static let revoke = "UPDATE sessions SET revoked_at = $2 WHERE token_digest = $1 AND revoked_at IS NULL"
    static let revokeAll = "UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2"
    /// Parameters: $1 now, $2 batch size; `sessions_expires` finds the batch.
    static let purge = "DELETE FROM sessions WHERE token_digest IN (SELECT token_digest FROM sessions WHERE expires_at <= $1 LIMIT $2)"

    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func insert(_ session: Session) throws {
        try database.change(Self.insert, SessionRow.values(of: session))
    }

    public func fetch(tokenDigest: String) throws -> Session? {
        try database.first(Self.fetch, [.text(tokenDigest)], SessionRow.session)
    }

    public func revoke(tokenDigest: String, at date: Date) throws -> Bool {
        try database.change(Self.revoke, [.text(tokenDigest), .integer(Milliseconds.from(date))]) == 1
    }

    public func revokeAll(userID: UserID, at date: Date) throws -> Int {
        try database.change(Self.revokeAll, [.text(userID.rawValue), .integer(Milliseconds.from(date))])
    }

    public func purge(expiredAt date: Date, limit: Int) throws -> Int {
        guard limit > 0 else { return 0 }
        return try database.change(Self.purge, [.integer(Milliseconds.from(date)), .integer(Int64(limit))])
    }
}
