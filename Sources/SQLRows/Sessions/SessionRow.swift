import Domain

/// How a `Session` is laid out in a row of `sessions`, both ways.
public enum SessionRow {
    /// The columns `session(_:)` reads and `values(of:)` fills, in their order.
    public static let columns = "token_digest, user_id, created_at, expires_at, revoked_at"

    /// A session from a row selected with `columns`.
    @inlinable
    public static func session<Row: SQLRow>(_ row: Row) -> Session {
        Session(
            tokenDigest: row.string(at: 0) ?? "", userID: UserID(row.string(at: 1) ?? ""),
            createdAt: Milliseconds.date(row.int64(at: 2)), expiresAt: Milliseconds.date(row.int64(at: 3)),
            revokedAt: row.isNull(at: 4) ? nil : Milliseconds.date(row.int64(at: 4)))
    }

    /// Parameters 1…5 of an insert listing `columns`.
    public static func values(of session: Session) -> [SQLValue] {
        [
            .text(session.tokenDigest), .text(session.userID.rawValue), .integer(Milliseconds.from(session.createdAt)),
            .integer(Milliseconds.from(session.expiresAt)), session.revokedAt.map { .integer(Milliseconds.from($0)) } ?? .null,
        ]
    }
}
