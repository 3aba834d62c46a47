import Domain
import Foundation

/// `SessionManager` on the `sessions` table of either gateway: the same statements
/// (`SessionStatements`), rows found by token digest only. Revocations are single conditional
/// UPDATEs, so of concurrent revokes of one session exactly one reports it, on both stores.
public struct SQLSessionManager<Database: SQLDatabase>: SessionManager {
    private let database: Database
    private let statements: SessionStatements

    /// Sessions on `database`, a rotated family read with `SQLDialect.rowLock`.
    public init(database: Database) {
        self.database = database
        statements = SessionStatements(familyLock: Database.dialect.rowLock)
    }

    public func insert(_ session: Session) throws {
        try database.change(SessionStatements.insert, SessionRow.values(of: session))
    }

    public func fetch(tokenDigest: String) throws -> Session? {
        try database.first(SessionStatements.fetch, [.text(tokenDigest)], SessionRow.session)
    }

    public func revoke(tokenDigest: String, at date: Date) throws -> Bool {
        try database.change(SessionStatements.revoke, [.text(tokenDigest), .integer(Milliseconds.from(date))]) == 1
    }

    public func revokeAll(userID: UserID, at date: Date, keeping: String?) throws -> [String] {
        try GatewayError.mapping {
            try database.write { connection in
                try connection.rows(SessionStatements.revokeAllBut, [.text(userID.rawValue), .integer(Milliseconds.from(date)), .text(keeping ?? "")]) {
                    try $0.columns(SQLSingleColumn.self).required(.value)
                }
            }
        }
    }

    public func rotate(_ rotation: SessionRotation) throws -> SessionRotationResult {
        try GatewayError.mapping {
            try database.write { connection in try SessionSteps.rotate(rotation, on: connection, statements) }
        }
    }

    public func touch(tokenDigest: String, at date: Date, expiresAt: Date, unusedSince: Date) throws -> Bool {
        try database.change(SessionStatements.touch, [
            .text(tokenDigest), .integer(Milliseconds.from(date)), .integer(Milliseconds.from(expiresAt)), .integer(Milliseconds.from(unusedSince)),
        ]) == 1
    }

    public func list(userID: UserID, activeAt date: Date, limit: Int) throws -> [Session] {
        guard limit > 0 else { return [] }
        return try database.rows(
            SessionStatements.list, [.text(userID.rawValue), .integer(Milliseconds.from(date)), .integer(Int64(limit))], SessionRow.session)
    }

    public func purge(expiredAt date: Date, limit: Int) throws -> Int {
        guard limit > 0 else { return 0 }
        return try database.change(SessionStatements.purge, [.integer(Milliseconds.from(date)), .integer(Int64(limit))])
    }
}
