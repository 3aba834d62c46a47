import Domain
import Foundation

/// A `users` row as both gateways read it. An unverified account registered since verification
/// exists keeps its address in `claimed_email` (`users.email` holds `'unverified:' || id`, see
/// migration 0015): the user's address is the claim when there is one.
public enum UserRow {
    /// The columns `user` reads, in its order.
    public static let columns = "id, name, COALESCE(claimed_email, email), password_hash, created_at, email_verified_at"

    /// The user of a row selected with `columns`.
    @inlinable
    public static func user<Row: SQLRow>(_ row: Row) -> User {
        User(
            id: UserID(row.string(at: 0) ?? ""), name: row.string(at: 1) ?? "", email: row.string(at: 2) ?? "", passwordHash: row.string(at: 3) ?? "",
            createdAt: Milliseconds.date(row.int64(at: 4)), emailVerifiedAt: row.isNull(at: 5) ? nil : Milliseconds.date(row.int64(at: 5)))
    }

    /// The holder by normalized email: never a claimer, whose `users.email` is no address.
    public static let fetchByEmail = "SELECT \(columns) FROM users WHERE email = ?1"
    /// The holder first, then claimers oldest first.
    public static let signInCandidates = """
        SELECT \(columns) FROM users WHERE email = ?1 OR claimed_email = ?1
        ORDER BY claimed_email IS NOT NULL, created_at, id LIMIT ?2
        """
    /// A user an operator vouches for, or one from before verification: holds `email`.
    public static let insert = "INSERT INTO users (id, name, email, password_hash, created_at) VALUES (?1, ?2, ?3, ?4, ?5)"
    /// Run after `insert` for a user created verified (an operator's): a statement of its own,
    /// so `insert` still runs on a schema from before verification (the migration tests').
    public static let markVerified = "UPDATE users SET email_verified_at = ?2 WHERE id = ?1"

    /// The values of `insert`.
    @inlinable
    public static func insertValues(of user: User) -> [SQLValue] {
        [.text(user.id.rawValue), .text(user.name), .text(user.email), .text(user.passwordHash), .integer(Milliseconds.from(user.createdAt))]
    }

    /// Inserts `user`, verified when it says so, on a connection inside a write transaction.
    @inlinable
    public static func insert<Connection: SQLConnection>(_ user: User, on connection: Connection) throws {
        try connection.run(insert, insertValues(of: user))
        if let verified = user.emailVerifiedAt { try connection.run(markVerified, [.text(user.id.rawValue), .integer(Milliseconds.from(verified))]) }
    }
}
