import Domain
import Foundation
import SQLRows

/// `UserManager` on the `users` table; registration writes the first session and the first
/// account in the same transaction.
///
/// Concurrent registrations of one email, from any number of processes, are decided by the
/// `users_email_key` unique index: the second insert waits for the first transaction and fails
/// once it commits, so exactly one registers and the other stores nothing.
public struct PostgresUserManager: UserManager {
    static let columns = "id, name, email, password_hash, created_at"
    static let insert = "INSERT INTO users (id, name, email, password_hash, created_at) VALUES ($1, $2, $3, $4, $5)"
    static let fetchByID = "SELECT \(columns) FROM users WHERE id = $1"
    static let fetchByEmail = "SELECT \(columns) FROM users WHERE email = $1"
    static let updatePasswordHash = "UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2"
    /// The unique constraint behind `.emailTaken` (PostgreSQL's name for `email … UNIQUE`).
    static let emailConstraint = "users_email_key"

    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func register(_ user: User, firstSession: Session, firstAccount: Account) throws -> RegistrationResult {
        do {
            try database.write { connection -> Void in
                try connection.statement(Self.insert).run([
                    .text(user.id.rawValue), .text(user.name), .text(user.email), .text(user.passwordHash),
                    .integer(Milliseconds.from(user.createdAt)),
                ])
                try connection.statement(PostgresSessionManager.insertWithoutRefresh).run(SessionRow.valuesWithoutRefresh(of: firstSession))
                try connection.statement(PostgresAccountManager.insert).run(AccountRow.values(of: firstAccount))
            }
            return .registered
        } catch let error as PostgresError where error.sqlState == "23505" && error.constraint == Self.emailConstraint {
            // Any other constraint (a first account the CHECKs refuse) is a fault, not a taken email.
            return .emailTaken
        } catch {
            throw GatewayError.mapped(error)
        }
    }

    public func fetch(id: UserID) throws -> User? {
        try fetchOne(Self.fetchByID, id.rawValue)
    }

    public func fetch(email: String) throws -> User? {
        try fetchOne(Self.fetchByEmail, email)
    }

    public func updatePasswordHash(of id: UserID, from old: String, to new: String) throws -> Bool {
        try database.change(Self.updatePasswordHash, [.text(id.rawValue), .text(old), .text(new)]) == 1
    }

    public func changePassword(of id: UserID, from old: String, to new: String, revokingSessionsAt date: Date, keeping tokenDigest: String) throws -> [String]? {
        try GatewayError.mapping {
            try database.write { connection in
                try SessionSteps.changePassword(of: id, from: old, to: new, at: date, keeping: tokenDigest, on: connection, PostgresSessionManager.statements)
            }
        }
    }

    private func fetchOne(_ sql: String, _ key: String) throws -> User? {
        try GatewayError.mapping {
            try database.read { connection in
                try connection.statement(sql).rows([.text(key)]) { row in
                    User(
                        id: UserID(row.string(at: 0) ?? ""), name: row.string(at: 1) ?? "", email: row.string(at: 2) ?? "",
                        passwordHash: row.string(at: 3) ?? "", createdAt: Milliseconds.date(row.int64(at: 4)))
                }.first
            }
        }
    }
}
