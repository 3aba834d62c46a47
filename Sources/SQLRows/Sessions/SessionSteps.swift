import Domain
import Foundation

/// Refreshing a session and changing a password: the same steps on both gateways, apart from the
/// SQL each passes (`SessionStatements`). Each runs on a connection inside the write transaction
/// its gateway opened; what keeps it atomic against other writers (SQLite's single writer,
/// PostgreSQL's row lock taken by `fetchFamily`) is the gateway's and its SQL's.
public enum SessionSteps {
    /// Reads the family's session and writes what `rotation` decides of it.
    @inlinable
    public static func rotate<Connection: SQLConnection>(
        _ rotation: SessionRotation, on connection: Connection, _ sql: SessionStatements
    ) throws -> SessionRotationResult {
        let session = try connection.rows(sql.fetchFamily, [.text(rotation.familyDigest)], SessionRow.session).first
        switch rotation.decision(for: session) {
        case .refuse:
            return .refused
        case .revokeReused:
            guard let session else { return .refused }
            try connection.run(SessionStatements.revoke, [.text(session.tokenDigest), .integer(Milliseconds.from(rotation.now))])
            connection.wakeLiveStreams(of: session.userID)
            return .reused(revokedTokenDigest: session.tokenDigest)
        case .rotate(let next):
            guard let session else { return .refused }
            let changed = try connection.run(SessionStatements.rotate, SessionRow.rotationValues(of: next, replacing: session.tokenDigest))
            guard changed == 1 else { throw GatewayError.failure("session \(session.tokenDigest) vanished while it was rotated") }
            return .rotated(next, replacedTokenDigest: session.tokenDigest)
        }
    }

    /// Replaces the hash when it is still `old`, then revokes the user's other sessions; nil when
    /// the hash changed meanwhile (nothing written).
    @inlinable
    public static func changePassword<Connection: SQLConnection>(
        of id: UserID, from old: String, to new: String, at date: Date, keeping tokenDigest: String, on connection: Connection
    ) throws -> [String]? {
        guard try connection.run(SessionStatements.updatePasswordHash, [.text(id.rawValue), .text(old), .text(new)]) == 1 else { return nil }
        connection.wakeLiveStreams(of: id)
        return try connection.rows(SessionStatements.revokeAllBut, [.text(id.rawValue), .integer(Milliseconds.from(date)), .text(tokenDigest)]) {
            try $0.columns(SQLSingleColumn.self).required(.value)
        }
    }
}
