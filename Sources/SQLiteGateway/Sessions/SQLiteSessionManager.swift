import Domain
import Foundation
import SQLRows

/// `SessionManager` on the `sessions` table; rows are found by token digest only.
public struct SQLiteSessionManager: SessionManager {
    static let insert = "INSERT INTO sessions (\(SessionRow.columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)"
    /// A session without refresh (registration's first), in the columns of every schema since 0002.
    static let insertWithoutRefresh = "INSERT INTO sessions (\(SessionRow.columnsWithoutRefresh)) VALUES (?1, ?2, ?3, ?4, ?5)"
    static let fetch = "SELECT \(SessionRow.columns) FROM sessions WHERE token_digest = ?1"
    static let revoke = "UPDATE sessions SET revoked_at = ?2 WHERE token_digest = ?1 AND revoked_at IS NULL"
    /// Parameters: ?1 user, ?2 now, ?3 the digest of the session to keep ('' for none: no digest is empty).
    static let revokeAll = """
        UPDATE sessions SET revoked_at = ?2 WHERE user_id = ?1 AND revoked_at IS NULL AND expires_at > ?2 AND token_digest <> ?3
        RETURNING token_digest
        """
    static let touch = """
        UPDATE sessions SET last_used_at = ?2, expires_at = ?3 WHERE token_digest = ?1 AND revoked_at IS NULL AND last_used_at <= ?4
        """
    /// Parameters: ?1 user, ?2 now, ?3 limit; `sessions_user` finds the user's rows.
    static let list = """
        SELECT \(SessionRow.columns) FROM sessions WHERE user_id = ?1 AND revoked_at IS NULL AND expires_at > ?2
        ORDER BY COALESCE(last_used_at, created_at) DESC, token_digest LIMIT ?3
        """
    static let statements = SessionStatements(
        fetchFamily: "SELECT \(SessionRow.columns) FROM sessions WHERE refresh_family = ?1",
        rotate: """
            UPDATE sessions SET token_digest = ?2, expires_at = ?3, access_expires_at = ?4, last_used_at = ?5, refresh_digest = ?6,
            previous_refresh_digest = ?7, rotated_at = ?8 WHERE token_digest = ?1
            """,
        revoke: revoke, updatePasswordHash: "UPDATE users SET password_hash = ?3 WHERE id = ?1 AND password_hash = ?2",
        revokeAllBut: revokeAll)
    /// Parameters: ?1 now, ?2 batch size; `sessions_expires` finds the batch.
    static let purge = "DELETE FROM sessions WHERE token_digest IN (SELECT token_digest FROM sessions WHERE expires_at <= ?1 LIMIT ?2)"

    private let database: Database

    public init(database: Database) {
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

    public func revokeAll(userID: UserID, at date: Date, keeping: String?) throws -> [String] {
        try GatewayError.mapping {
            try database.write { connection in
                try connection.rows(Self.revokeAll, [.text(userID.rawValue), .integer(Milliseconds.from(date)), .text(keeping ?? "")]) {
                    $0.string(at: 0) ?? ""
                }
            }
        }
    }

    public func rotate(_ rotation: SessionRotation) throws -> SessionRotationResult {
        try GatewayError.mapping {
            try database.write { connection in try SessionSteps.rotate(rotation, on: connection, Self.statements) }
        }
    }

    public func touch(tokenDigest: String, at date: Date, expiresAt: Date, unusedSince: Date) throws -> Bool {
        try database.change(Self.touch, [
            .text(tokenDigest), .integer(Milliseconds.from(date)), .integer(Milliseconds.from(expiresAt)), .integer(Milliseconds.from(unusedSince)),
        ]) == 1
    }

    public func list(userID: UserID, activeAt date: Date, limit: Int) throws -> [Session] {
        guard limit > 0 else { return [] }
        return try database.rows(Self.list, [.text(userID.rawValue), .integer(Milliseconds.from(date)), .integer(Int64(limit))], SessionRow.session)
    }

    public func purge(expiredAt date: Date, limit: Int) throws -> Int {
        guard limit > 0 else { return 0 }
        return try database.change(Self.purge, [.integer(Milliseconds.from(date)), .integer(Int64(limit))])
    }
}
