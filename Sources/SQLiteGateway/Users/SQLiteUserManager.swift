import CSQLite
import Domain
import Foundation
import SQLRows

/// `UserManager` on the `users` table; registration writes the first session and the first
/// account in the same transaction.
public struct SQLiteUserManager: UserManager {
    static let fetchByID = "SELECT \(UserRow.columns) FROM users WHERE id = ?1"
    static let updatePasswordHash = "UPDATE users SET password_hash = ?3 WHERE id = ?1 AND password_hash = ?2"

    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func register(_ user: User, firstSession: Session, firstAccount: Account) throws -> RegistrationResult {
        do {
            try database.write { connection -> Void in
                try UserRow.insert(user, on: connection)
                try connection.statement(SessionStatements.insertWithoutRefresh).run(SessionRow.valuesWithoutRefresh(of: firstSession))
                try connection.statement(AccountRow.insert).run(AccountRow.values(of: firstAccount))
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
        try fetchOne(UserRow.fetchByEmail, email)
    }

    public func signInCandidates(email: String, limit: Int) throws -> [User] {
        try database.rows(UserRow.signInCandidates, [.text(email), .integer(Int64(limit))], UserRow.user)
    }

    public func updatePasswordHash(of id: UserID, from old: String, to new: String) throws -> Bool {
        try database.change(Self.updatePasswordHash, [.text(id.rawValue), .text(old), .text(new)]) == 1
    }

    public func changePassword(
        of id: UserID, from old: String, to new: String, revokingSessionsAt date: Date, keeping tokenDigest: String, telling notice: Notice
    ) throws -> [String]? {
        try GatewayError.mapping {
            try database.write { connection in
                let revoked = try SessionSteps.changePassword(of: id, from: old, to: new, at: date, keeping: tokenDigest, on: connection, .sqlite)
                if revoked != nil { try OutboxSteps.append(notice, on: connection) }
                return revoked
            }
        }
    }

    private func fetchOne(_ sql: String, _ key: String) throws -> User? {
        try database.first(sql, [.text(key)], UserRow.user)
    }
}
