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
        try GatewayError.mapping {
            try database.write { connection in
                let users: [UserID] = try connection.rows(SessionStatements.revoke + " RETURNING user_id", [.text(tokenDigest), .integer(Milliseconds.from(date))]) {
                    UserID(try $0.columns(SQLSingleColumn.self).required(.value))
                }
                // Its live streams end: the same wake-up as a new event, after the commit.
                for user in users { connection.wakeLiveStreams(of: user) }
                return !users.isEmpty
            }
        }
    }

    public func revokeAll(userID: UserID, at date: Date, keeping: String?) throws -> [String] {
        try GatewayError.mapping {
            try database.write { connection in
                let revoked: [String] = try connection.rows(
                    SessionStatements.revokeAllBut, [.text(userID.rawValue), .integer(Milliseconds.from(date)), .text(keeping ?? "")]
                ) { try $0.columns(SQLSingleColumn.self).required(.value) }
                if !revoked.isEmpty { connection.wakeLiveStreams(of: userID) }
                return revoked
            }
        }
    }

    public func rotate(_ rotation: SessionRotation) throws -> SessionRotationResult {
        try GatewayError.mapping {
            try database.write { connection in try SessionSteps.rotate(rotation, on: connection, statements) }
        }
    }

    public func touch(tokenDigest: String, at date: Date, expiresAt: Date, unusedSince: Date) throws -> Bool {
        // A use lost in a crash only moves the session's idle end back to the use before: its
        // holder signs in again a little sooner. No read should wait for a flush for that.
        try database.change(SessionStatements.touch, [
            .text(tokenDigest), .integer(Milliseconds.from(date)), .integer(Milliseconds.from(expiresAt)), .integer(Milliseconds.from(unusedSince)),
        ], waitsForFlush: false) == 1
    }

    public func list(userID: UserID, activeAt date: Date, limit: Int) throws -> [Session] {
        guard limit > 0 else { return [] }
        return try database.rows(
            SessionStatements.list, [.text(userID.rawValue), .integer(Milliseconds.from(date)), .integer(Int64(limit))], SessionRow.session)
    }

    public func insertEventTicket(_ ticket: EventTicket, limit: Int, at now: Date) throws -> Bool {
        let key = SQLValue.text(ticket.sessionKey)
        let time = SQLValue.integer(Milliseconds.from(now))
        return try GatewayError.mapping {
            try database.write { connection in
                // The session's row, locked on PostgreSQL, orders concurrent requests of one
                // session: a burst cannot count the same free slot twice.
                guard try !connection.rows(statements.lockStreamSession, [key], { _ in true }).isEmpty else { return false }
                try connection.run(SessionStatements.deleteExpiredTickets, [key, time])
                let live = try connection.rows(SessionStatements.countTickets, [key]) { $0.int64(at: 0) }.first ?? 0
                guard live < Int64(limit) else { return false }
                try connection.run(SessionStatements.insertTicket, [
                    .text(ticket.digest), .text(ticket.userID.rawValue), key, .integer(Milliseconds.from(ticket.expiresAt)), .text(ticket.language),
                ])
                return true
            }
        }
    }

    public func redeemEventTicket(digest: String, at now: Date) throws -> EventTicket? {
        let rows = try GatewayError.mapping {
            try database.write { connection in
                try connection.rows(SessionStatements.redeemTicket, [.text(digest)]) { row in
                    EventTicket(
                        digest: digest, userID: UserID(row.string(at: 0) ?? ""), sessionKey: row.string(at: 1) ?? "", language: row.string(at: 3) ?? "",
                        expiresAt: Milliseconds.date(row.int64(at: 2)))
                }
            }
        }
        return rows.first.flatMap { $0.expiresAt > now ? $0 : nil }
    }

    public func sessionActiveUntil(key: String, at now: Date) throws -> Date? {
        try database.first(SessionStatements.activeUntil, [.text(key), .integer(Milliseconds.from(now))]) { Milliseconds.date($0.int64(at: 0)) }
    }

    public func purgeEventTickets(expiredAt date: Date, limit: Int) throws -> Int {
        guard limit > 0 else { return 0 }
        return try database.change(SessionStatements.purgeTickets, [.integer(Milliseconds.from(date)), .integer(Int64(limit))])
    }

    public func purge(expiredAt date: Date, limit: Int) throws -> Int {
        guard limit > 0 else { return 0 }
        return try database.change(SessionStatements.purge, [.integer(Milliseconds.from(date)), .integer(Int64(limit))])
    }
}
