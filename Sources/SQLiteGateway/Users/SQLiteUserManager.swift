import CSQLite
import Domain
import Foundation
import SQLRows

/// `UserManager` on the `users` table; registration writes the first session and the first
/// account in the same transaction.
public struct SQLiteUserManager: UserManager {
    static let columns = "id, name, email, password_hash, created_at"
    static let insert = "INSERT INTO users (id, name, email, password_hash, created_at) VALUES (?1, ?2, ?3, ?4, ?5)"
    static let fetchByID = "SELECT \(columns) FROM users WHERE id = ?1"
    static let fetchByEmail = "SELECT \(columns) FROM users WHERE email = ?1"
    static let updatePasswordHash = "UPDATE users SET password_hash = ?3 WHERE id = ?1 AND password_hash = ?2"

    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func register(_ user: User, firstSession: Session, firstAccount: Account) throws -> RegistrationResult {
        do {
            try database.write { connection -> Void in
                try connection.statement(Self.insert).run([
                    .text(user.id.rawValue), .text(user.name), .text(user.email), .text(user.passwordHash),
                    .integer(Milliseconds.from(user.createdAt)),
                ])
                try connection.statement(SQLiteSessionManager.insertWithoutRefresh).run(SessionRow.valuesWithoutRefresh(of: firstSession))
                try connection.statement(SQLiteAccountManager.insert).run(AccountRow.values(of: firstAccount))
            }
            return .registered
        } catch let error as SQLiteError where error.code == SQLITE_CONSTRAINT && error.message.contains("users.email") {
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
                try SessionSteps.changePassword(of: id, from: old, to: new, at: date, keeping: tokenDigest, on: connection, SQLiteSessionManager.statements)
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
