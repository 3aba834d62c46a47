import Domain
import Foundation

/// How a `Session` is laid out in a row of `sessions`, both ways. The columns after `revoked_at`
/// (migration 0016) are NULL in a row without refresh, as older releases wrote it.
public enum SessionRow {
    /// The columns `session(_:)` reads and `values(of:)` fills, in their order.
    public static let columns = """
        token_digest, user_id, created_at, expires_at, revoked_at, access_expires_at, ends_at, last_used_at, client_address, \
        user_agent, refresh_family, refresh_digest, previous_refresh_digest, rotated_at
        """

    /// A session from a row selected with `columns`.
    @inlinable
    public static func session<Row: SQLRow>(_ row: Row) -> Session {
        var refresh: SessionRefreshState?
        if let family = row.string(at: 10), let current = row.string(at: 11) {
            refresh = SessionRefreshState(familyDigest: family, currentDigest: current, previousDigest: row.string(at: 12), rotatedAt: date(row, 13))
        }
        return Session(
            tokenDigest: row.string(at: 0) ?? "", userID: UserID(row.string(at: 1) ?? ""),
            createdAt: Milliseconds.date(row.int64(at: 2)), expiresAt: Milliseconds.date(row.int64(at: 3)), revokedAt: date(row, 4),
            accessExpiresAt: date(row, 5), endsAt: date(row, 6), lastUsedAt: date(row, 7), clientAddress: row.string(at: 8),
            userAgent: row.string(at: 9), refresh: refresh)
    }

    @inlinable
    static func date<Row: SQLRow>(_ row: Row, _ column: Int32) -> Date? {
        row.isNull(at: column) ? nil : Milliseconds.date(row.int64(at: column))
    }

    /// Parameters 1…14 of an insert listing `columns`.
    public static func values(of session: Session) -> [SQLValue] {
        [
            .text(session.tokenDigest), .text(session.userID.rawValue), .integer(Milliseconds.from(session.createdAt)),
            .integer(Milliseconds.from(session.expiresAt)), instant(session.revokedAt), instant(session.accessExpiresAt),
            instant(session.endsAt), instant(session.lastUsedAt), text(session.clientAddress), text(session.userAgent),
            text(session.refresh?.familyDigest), text(session.refresh?.currentDigest), text(session.refresh?.previousDigest),
            instant(session.refresh?.rotatedAt),
        ]
    }

    /// The columns every release since 0002 has, which a session without refresh fills
    /// (registration's): its insert works on a schema of any version.
    public static let columnsWithoutRefresh = "token_digest, user_id, created_at, expires_at, revoked_at"

    /// Parameters 1…5 of an insert listing `columnsWithoutRefresh`.
    public static func valuesWithoutRefresh(of session: Session) -> [SQLValue] {
        Array(values(of: session).prefix(5))
    }

    /// Parameters of `SessionStatements.rotate`: 1 the old access token digest, then the
    /// rotated session's new access token digest, `expires_at`, `access_expires_at`,
    /// `last_used_at`, `refresh_digest`, `previous_refresh_digest`, `rotated_at`.
    public static func rotationValues(of session: Session, replacing oldDigest: String) -> [SQLValue] {
        [
            .text(oldDigest), .text(session.tokenDigest), .integer(Milliseconds.from(session.expiresAt)), instant(session.accessExpiresAt),
            instant(session.lastUsedAt), text(session.refresh?.currentDigest), text(session.refresh?.previousDigest),
            instant(session.refresh?.rotatedAt),
        ]
    }

    private static func instant(_ date: Date?) -> SQLValue { date.map { .integer(Milliseconds.from($0)) } ?? .null }
    private static func text(_ text: String?) -> SQLValue { text.map { .text($0) } ?? .null }
}
