import Domain
import Foundation

/// How a `Session` is laid out in a row of `sessions`, both ways. The columns after `revoked_at`
/// (migration 0016) are NULL in a row without refresh, as older releases wrote it.
public enum SessionRow {
    /// The columns a session is read from and written to, in row order.
    public enum Column: Int32, SQLColumn {
        case token_digest, user_id, created_at, expires_at, revoked_at, access_expires_at, ends_at, last_used_at, client_address
        case user_agent, refresh_family, refresh_digest, previous_refresh_digest, rotated_at

        /// `sessions`.
        public static var table: String { "sessions" }
    }

    /// The columns `session(_:)` reads and `values(of:)` fills, in their order.
    public static let columns = Column.selectList

    /// A session from a row selected with `columns`; a NULL where the schema forbids one is a failure.
    @inlinable
    public static func session<Row: SQLRow>(_ row: Row) throws(GatewayError) -> Session {
        let row = row.columns(Column.self)
        var refresh: SessionRefreshState?
        if let family = row.optional(.refresh_family, as: String.self), let current = row.optional(.refresh_digest, as: String.self) {
            refresh = SessionRefreshState(
                familyDigest: family, currentDigest: current, previousDigest: row.optional(.previous_refresh_digest), rotatedAt: row.optional(.rotated_at))
        }
        return Session(
            tokenDigest: try row.required(.token_digest), userID: UserID(try row.required(.user_id)),
            createdAt: try row.required(.created_at), expiresAt: try row.required(.expires_at), revokedAt: row.optional(.revoked_at),
            accessExpiresAt: row.optional(.access_expires_at), endsAt: row.optional(.ends_at), lastUsedAt: row.optional(.last_used_at),
            clientAddress: row.optional(.client_address), userAgent: row.optional(.user_agent), refresh: refresh)
    }

    /// A session with every column, with `values(of:)`.
    public static let insert = SQLColumnText.insert(into: Column.table, Column.allCases.map(\.name))

    /// Parameters of `insert`, one per column.
    public static func values(of session: Session) -> [SQLValue] {
        Column.allCases.map { value($0, of: session) }
    }

    /// What `session` stores in `column`.
    public static func value(_ column: Column, of session: Session) -> SQLValue {
        switch column {
        case .token_digest: .text(session.tokenDigest)
        case .user_id: .text(session.userID.rawValue)
        case .created_at: .integer(Milliseconds.from(session.createdAt))
        case .expires_at: .integer(Milliseconds.from(session.expiresAt))
        case .revoked_at: instant(session.revokedAt)
        case .access_expires_at: instant(session.accessExpiresAt)
        case .ends_at: instant(session.endsAt)
        case .last_used_at: instant(session.lastUsedAt)
        case .client_address: text(session.clientAddress)
        case .user_agent: text(session.userAgent)
        case .refresh_family: text(session.refresh?.familyDigest)
        case .refresh_digest: text(session.refresh?.currentDigest)
        case .previous_refresh_digest: text(session.refresh?.previousDigest)
        case .rotated_at: instant(session.refresh?.rotatedAt)
        }
    }

    /// The columns every release since 0002 has, which a session without refresh fills
    /// (registration's): its insert works on a schema of any version.
    public static let columnsWithoutRefresh: [Column] = [.token_digest, .user_id, .created_at, .expires_at, .revoked_at]
    /// A session without refresh, in `columnsWithoutRefresh`, with `valuesWithoutRefresh(of:)`.
    public static let insertWithoutRefresh = SQLColumnText.insert(into: Column.table, columnsWithoutRefresh.map(\.name))

    /// Parameters of `insertWithoutRefresh`.
    public static func valuesWithoutRefresh(of session: Session) -> [SQLValue] {
        columnsWithoutRefresh.map { value($0, of: session) }
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
