import Domain
import Foundation

/// `IdentityManager` on either gateway: the same statements (`?N`, which PostgreSQL's connection
/// numbers its own way) in the database's write transactions. What keeps two verifications of
/// one address apart is the unique `users.email`, the one fact the gateway tells this type
/// (`SQLDialect.isEmailTaken`: its own error for that constraint).
public struct SQLIdentityManager<Database: SQLDatabase>: IdentityManager {
    static var insertClaim: String {
        """
        INSERT INTO users (id, name, email, password_hash, created_at, claimed_email)
        VALUES (?1, ?2, 'unverified:' || CAST(?1 AS TEXT), ?3, ?4, ?5)
        """
    }
    static var claimCount: String { "SELECT count(*) FROM users WHERE claimed_email = ?1" }
    static var upsertCode: String {
        """
        INSERT INTO one_time_codes (user_id, purpose, code_digest, expires_at, attempts_left, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
        ON CONFLICT (user_id, purpose) DO UPDATE SET code_digest = excluded.code_digest, expires_at = excluded.expires_at,
            attempts_left = excluded.attempts_left, created_at = excluded.created_at
        """
    }
    /// Takes a try before the comparison, so parallel guesses each spend one.
    static var spendTry: String {
        """
        UPDATE one_time_codes SET attempts_left = attempts_left - 1
        WHERE user_id = ?1 AND purpose = ?2 AND attempts_left > 0 AND expires_at > ?3 RETURNING code_digest, attempts_left
        """
    }
    static var liveCode: String { "SELECT 1 FROM one_time_codes WHERE user_id = ?1 AND purpose = ?2 AND attempts_left > 0 AND expires_at > ?3" }
    static var deleteCode: String { "DELETE FROM one_time_codes WHERE user_id = ?1 AND purpose = ?2" }
    static var address: String { "SELECT COALESCE(claimed_email, email), email_verified_at FROM users WHERE id = ?1" }
    static var verifiedHolder: String { "SELECT 1 FROM users WHERE email = ?1 AND email_verified_at IS NOT NULL AND id <> ?2" }
    /// An unverified holder of the address (from before verification) becomes a claimer of it.
    static var releaseUnverifiedHolder: String {
        "UPDATE users SET claimed_email = email, email = 'unverified:' || id WHERE email = ?1 AND email_verified_at IS NULL AND id <> ?2"
    }
    static var markVerified: String {
        "UPDATE users SET email = COALESCE(claimed_email, email), claimed_email = NULL, email_verified_at = ?2 WHERE id = ?1"
    }
    static var setPassword: String {
        "UPDATE users SET password_hash = ?2, email_verified_at = COALESCE(email_verified_at, ?3) WHERE id = ?1 AND claimed_email IS NULL"
    }
    static var revokeSessions: String { "UPDATE sessions SET revoked_at = ?2 WHERE user_id = ?1 AND revoked_at IS NULL" }
    static var fetchUser: String { "SELECT \(UserRow.columns) FROM users WHERE id = ?1" }
    /// Claimers past their lifetime that hold no ledger row: an account from before migration
    /// 0015 that lost its address to a verifier becomes a claimer too, and its money and history
    /// are never deleted by a purge (an operator decides about them).
    static var purgeUnverified: String {
        """
        DELETE FROM users WHERE id IN (
            SELECT id FROM users WHERE claimed_email IS NOT NULL AND created_at < ?1
            AND NOT EXISTS (SELECT 1 FROM accounts JOIN transactions ON transactions.account_id = accounts.id WHERE accounts.owner_id = users.id)
            ORDER BY created_at LIMIT ?2)
        """
    }
    static var purgeCodes: String {
        "DELETE FROM one_time_codes WHERE (user_id, purpose) IN (SELECT user_id, purpose FROM one_time_codes WHERE expires_at <= ?1 LIMIT ?2)"
    }

    private let database: Database
    private let isEmailTaken: @Sendable (any Error) -> Bool

    /// Identity on `database`, a taken email told by `SQLDialect.isEmailTaken`.
    public init(database: Database) {
        self.database = database
        isEmailTaken = Database.dialect.isEmailTaken
    }

    public func registerClaim(_ user: User, firstAccount: Account, code: OneTimeCode, notice: Notice) throws {
        try GatewayError.mapping {
            try database.write { connection in
                try connection.run(Self.insertClaim, [
                    .text(user.id.rawValue), .text(user.name), .text(user.passwordHash), .integer(Milliseconds.from(user.createdAt)), .text(user.email),
                ])
                try connection.run(AccountRow.insert, AccountRow.values(of: firstAccount))
                try connection.run(Self.upsertCode, Self.values(of: code))
                try OutboxSteps.append(notice, on: connection)
            }
        }
    }

    public func claimCount(email: String) throws -> Int {
        try database.first(Self.claimCount, [.text(email)]) { $0.int(at: 0) } ?? 0
    }

    public func issueCode(_ code: OneTimeCode, notice: Notice) throws {
        try GatewayError.mapping {
            try database.write { connection in
                try connection.run(Self.upsertCode, Self.values(of: code))
                try OutboxSteps.append(notice, on: connection)
            }
        }
    }

    public func append(_ notice: Notice) throws {
        try GatewayError.mapping { try database.write { connection in try OutboxSteps.append(notice, on: connection) } }
    }

    public func verifyEmail(of user: UserID, digest: String, at date: Date, notice: Notice) throws -> CodeCheck {
        try GatewayError.mapping {
            do {
                return try database.write { connection -> CodeCheck in
                    let spent = try spend(.verifyEmail, of: user, digest: digest, at: date, on: connection)
                    guard case .accepted = spent else { return spent }
                    guard let address = try connection.rows(Self.address, [.text(user.rawValue)], { try $0.columns(AddressColumn.self).required(.address, as: String.self) }).first
                    else { return .noLiveCode }
                    if try !connection.rows(Self.verifiedHolder, [.text(address), .text(user.rawValue)], { _ in () }).isEmpty { return .emailTaken }
                    try connection.run(Self.deleteCode, [.text(user.rawValue), .text(OneTimeCodePurpose.verifyEmail.rawValue)])
                    try connection.run(Self.releaseUnverifiedHolder, [.text(address), .text(user.rawValue)])
                    try connection.run(Self.markVerified, [.text(user.rawValue), .integer(Milliseconds.from(date))])
                    try OutboxSteps.append(notice, on: connection)
                    return try accepted(user, on: connection)
                }
            } catch let error where isEmailTaken(error) {
                // Another account verified the address between this transaction's check and its update.
                return .emailTaken
            }
        }
    }

    public func resetPassword(of user: UserID, digest: String, newPasswordHash: String, at date: Date, notice: Notice) throws -> CodeCheck {
        try GatewayError.mapping {
            try database.write { connection -> CodeCheck in
                let spent = try spend(.resetPassword, of: user, digest: digest, at: date, on: connection)
                guard case .accepted = spent else { return spent }
                let at = SQLValue.integer(Milliseconds.from(date))
                try connection.run(Self.deleteCode, [.text(user.rawValue), .text(OneTimeCodePurpose.resetPassword.rawValue)])
                guard try connection.run(Self.setPassword, [.text(user.rawValue), .text(newPasswordHash), at]) == 1 else { return .noLiveCode }
                try connection.run(Self.revokeSessions, [.text(user.rawValue), at])
                try OutboxSteps.append(notice, on: connection)
                return try accepted(user, on: connection)
            }
        }
    }

    public func hasLiveCode(of user: UserID, purpose: OneTimeCodePurpose, at date: Date) throws -> Bool {
        try database.first(Self.liveCode, [.text(user.rawValue), .text(purpose.rawValue), .integer(Milliseconds.from(date))]) { _ in true } ?? false
    }

    public func purgeUnverified(createdBefore date: Date, limit: Int) throws -> Int {
        try database.change(Self.purgeUnverified, [.integer(Milliseconds.from(date)), .integer(Int64(limit))])
    }

    public func purgeCodes(expiredAt date: Date, limit: Int) throws -> Int {
        try database.change(Self.purgeCodes, [.integer(Milliseconds.from(date)), .integer(Int64(limit))])
    }

    /// Spends a try of the live code and compares: `.accepted` carries no user yet (the caller
    /// reads it once its change is made).
    private func spend<Connection: SQLConnection>(
        _ purpose: OneTimeCodePurpose, of user: UserID, digest: String, at date: Date, on connection: Connection
    ) throws -> CodeCheck {
        let live = try connection.rows(Self.spendTry, [.text(user.rawValue), .text(purpose.rawValue), .integer(Milliseconds.from(date))]) {
            let row = $0.columns(SpentTryColumn.self)
            return (try row.required(.code_digest, as: String.self), try row.required(.attempts_left, as: Int.self))
        }.first
        guard let (stored, left) = live else { return .noLiveCode }
        guard ConstantTime.equal(stored, digest) else { return .mismatched(attemptsLeft: left) }
        return .accepted(User(id: user, name: "", email: "", passwordHash: "", createdAt: date))
    }

    private func accepted<Connection: SQLConnection>(_ user: UserID, on connection: Connection) throws -> CodeCheck {
        guard let stored = try connection.rows(Self.fetchUser, [.text(user.rawValue)], UserRow.user).first else { return .noLiveCode }
        return .accepted(stored)
    }

    private static func values(of code: OneTimeCode) -> [SQLValue] {
        [
            .text(code.userID.rawValue), .text(code.purpose.rawValue), .text(code.digest), .integer(Milliseconds.from(code.expiresAt)),
            .integer(Int64(code.attemptsLeft)), .integer(Milliseconds.from(code.createdAt)),
        ]
    }
}

/// The columns of `SQLIdentityManager.address`: the user's address (the claim, when there is
/// one) and when it was verified.
enum AddressColumn: Int32, SQLColumn {
    case address, email_verified_at

    /// `users`.
    static var table: String { "users" }
}

/// The columns `SQLIdentityManager.spendTry` returns.
enum SpentTryColumn: Int32, SQLColumn {
    case code_digest, attempts_left

    /// `one_time_codes`.
    static var table: String { "one_time_codes" }
}
