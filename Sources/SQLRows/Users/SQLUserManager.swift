import Domain
import Foundation

/// `UserManager` on the `users` table, on either gateway; registration writes the first session
/// and the first account in the same transaction.
///
/// Concurrent registrations of one email, from any number of processes, are decided by the
/// unique index on `users.email`: the second insert waits for the first transaction (or its
/// turn at SQLite's one writer) and fails once it commits, so exactly one registers and the
/// other stores nothing. Which error that is, the engine's dialect tells (`SQLDialect.isEmailTaken`).
public struct SQLUserManager<Database: SQLDatabase>: UserManager {
    static var fetchByID: String { "SELECT \(UserRow.columns) FROM users WHERE id = ?1" }

    private let database: Database
    private let isEmailTaken: @Sendable (any Error) -> Bool

    /// Users on `database`, a taken email told by `SQLDialect.isEmailTaken`.
    public init(database: Database) {
        self.database = database
        isEmailTaken = Database.dialect.isEmailTaken
    }

    public func register(_ user: User, firstSession: Session, firstAccount: Account) throws -> RegistrationResult {
        do {
            try database.write { connection -> Void in
                try UserRow.insert(user, on: connection)
                try connection.run(SessionStatements.insertWithoutRefresh, SessionRow.valuesWithoutRefresh(of: firstSession))
                try connection.run(AccountRow.insert, AccountRow.values(of: firstAccount))
            }
            return .registered
        } catch where isEmailTaken(error) {
            return .emailTaken
        } catch {
            throw GatewayError.mapped(error)
        }
    }

    public func fetch(id: UserID) throws -> User? {
        try fetchOne(Self.fetchByID, id.rawValue)
    }

    public func fetch(email: String) throws -> User? {
        try fetchOne(UserRow.fetchByEmail, email)
    }

    public func signInCandidates(email: String, limit: Int) throws -> [User] {
        try database.rows(UserRow.signInCandidates, [.text(email), .integer(Int64(limit))], UserRow.user)
    }

    public func updatePasswordHash(of id: UserID, from old: String, to new: String) throws -> Bool {
        try database.change(SessionStatements.updatePasswordHash, [.text(id.rawValue), .text(old), .text(new)]) == 1
    }

    public func changePassword(
        of id: UserID, from old: String, to new: String, revokingSessionsAt date: Date, keeping tokenDigest: String, telling notice: Notice
    ) throws -> [String]? {
        try GatewayError.mapping {
            try database.write { connection in
                let revoked = try SessionSteps.changePassword(of: id, from: old, to: new, at: date, keeping: tokenDigest, on: connection)
                if revoked != nil { try OutboxSteps.append(notice, on: connection) }
                return revoked
            }
        }
    }

    private func fetchOne(_ sql: String, _ key: String) throws -> User? {
        try database.first(sql, [.text(key)], UserRow.user)
    }
}
