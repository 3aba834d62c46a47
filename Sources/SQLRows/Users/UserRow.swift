import Domain
import Foundation

/// A `users` row as both gateways read it. An unverified account registered since verification
/// exists keeps its address in `claimed_email` (`users.email` holds `'unverified:' || id`, see
/// migration 0015): the user's address is the claim when there is one.
public enum UserRow {
    /// The columns a user is read from, in row order; all but `email_verified_at` are written by
    /// `insert`.
    public enum Column: Int32, SQLColumn {
        case id, name, email, password_hash, created_at, email_verified_at

        /// `users`.
        public static var table: String { "users" }

        /// The claim, when there is one, is the user's address.
        public var selection: String { self == .email ? "COALESCE(claimed_email, email)" : String(describing: self) }
    }

    /// The columns `user` reads, in its order.
    public static let columns = Column.selectList
    /// The columns `insert` writes.
    public static let insertedColumns = Column.allCases.filter { $0 != .email_verified_at }

    /// The user of a row selected with `columns`; a NULL where the schema forbids one is a failure.
    @inlinable
    public static func user<Row: SQLRow>(_ row: Row) throws(GatewayError) -> User {
        let row = row.columns(Column.self)
        return User(
            id: UserID(try row.required(.id)), name: try row.required(.name), email: try row.required(.email),
            passwordHash: try row.required(.password_hash), createdAt: try row.required(.created_at), emailVerifiedAt: row.optional(.email_verified_at))
    }

    /// The holder by normalized email: never a claimer, whose `users.email` is no address.
    public static let fetchByEmail = "SELECT \(columns) FROM users WHERE email = ?1"
    /// The holder first, then claimers oldest first.
    public static let signInCandidates = """
        SELECT \(columns) FROM users WHERE email = ?1 OR claimed_email = ?1
        ORDER BY claimed_email IS NOT NULL, created_at, id LIMIT ?2
        """
    /// A user an operator vouches for, or one from before verification: holds `email`.
    public static let insert = SQLColumnText.insert(into: Column.table, insertedColumns.map(\.name))
    /// Run after `insert` for a user created verified (an operator's): a statement of its own,
    /// so `insert` still runs on a schema from before verification (the migration tests').
    public static let markVerified = "UPDATE users SET email_verified_at = ?2 WHERE id = ?1"

    /// The values of `insert`, one per column of `insertedColumns`.
    @inlinable
    public static func insertValues(of user: User) -> [SQLValue] {
        insertedColumns.map { value($0, of: user) }
    }

    /// What `user` stores in `column`.
    @inlinable
    public static func value(_ column: Column, of user: User) -> SQLValue {
        switch column {
        case .id: .text(user.id.rawValue)
        case .name: .text(user.name)
        case .email: .text(user.email)
        case .password_hash: .text(user.passwordHash)
        case .created_at: .integer(Milliseconds.from(user.createdAt))
        case .email_verified_at: user.emailVerifiedAt.map { .integer(Milliseconds.from($0)) } ?? .null
        }
    }

    /// Inserts `user`, verified when it says so, on a connection inside a write transaction.
    @inlinable
    public static func insert<Connection: SQLConnection>(_ user: User, on connection: Connection) throws {
        try connection.run(insert, insertValues(of: user))
        if let verified = user.emailVerifiedAt { try connection.run(markVerified, [.text(user.id.rawValue), .integer(Milliseconds.from(verified))]) }
    }
}
