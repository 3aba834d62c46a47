import Domain
import Foundation

/// `SessionManager` on the `sessions` table; rows are found by token digest only.
///
/// Revocations are single conditional UPDATEs: of concurrent revokes of one session, from any
/// processes, the later waits for the earlier's row lock, re-checks `revoked_at IS NULL` and
/// changes nothing, so exactly one reports the revocation.
public struct PostgresSessionManager: SessionManager {
    static let insert = "INSERT INTO sessions (token_digest, user_id, created_at, expires_at, revoked_at) VALUES ($1, $2, $3, $4, $5)"
    static let fetch = "SELECT token_digest, user_id, created_at, expires_at, revoked_at FROM sessions WHERE token_digest = $1"
    static let revoke = "UPDATE sessions SET revoked_at = $2 WHERE token_digest = $1 AND revoked_at IS NULL"
    static let revokeAll = "UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2"

    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    static func values(of session: Session) -> [PostgresValue] {
        [
            .text(session.tokenDigest), .text(session.userID.rawValue), .integer(Milliseconds.from(session.createdAt)),
            .integer(Milliseconds.from(session.expiresAt)), session.revokedAt.map { .integer(Milliseconds.from($0)) } ?? .null,
        ]
    }

    public func insert(_ session: Session) throws {
        try GatewayError.mapping {
            try database.write { connection -> Void in
                try connection.statement(Self.insert).run(Self.values(of: session))
            }
        }
    }

    public func fetch(tokenDigest: String) throws -> Session? {
        try GatewayError.mapping {
            try database.read { connection in
                try connection.statement(Self.fetch).rows([.text(tokenDigest)]) { row in
                    Session(
                        tokenDigest: row.string(at: 0) ?? "", userID: UserID(row.string(at: 1) ?? ""),
                        createdAt: Milliseconds.date(row.int64(at: 2)), expiresAt: Milliseconds.date(row.int64(at: 3)),
                        revokedAt: row.isNull(at: 4) ? nil : Milliseconds.date(row.int64(at: 4)))
                }.first
            }
        }
    }

    public func revoke(tokenDigest: String, at date: Date) throws -> Bool {
        try GatewayError.mapping {
            try database.write { connection in
                try connection.statement(Self.revoke).run([.text(tokenDigest), .integer(Milliseconds.from(date))]) == 1
            }
        }
    }

    public func revokeAll(userID: UserID, at date: Date) throws -> Int {
        try GatewayError.mapping {
            try database.write { connection in
                try connection.statement(Self.revokeAll).run([.text(userID.rawValue), .integer(Milliseconds.from(date))])
            }
        }
    }
}
