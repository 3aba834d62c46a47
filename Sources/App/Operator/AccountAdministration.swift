import Domain
import Foundation
import Security

/// What the operator CLI (`viperd user …`, `viperd token …`) does, over the same gateway and use
/// cases the API uses.
public struct AccountAdministration {
    /// An operator-facing failure, worded for a terminal.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private let storage: Storage
    private var gateway: any EntityGateway { storage.gateway }
    private let clock: any Clock
    private let policy: SessionPolicy
    private let tokens = RandomTokenIssuer()

    public init(storage location: StorageLocation, clock: any Clock = SystemClock(), policy: SessionPolicy = SessionPolicy()) throws {
        storage = try Storage.forCommand(location)
        self.clock = clock
        self.policy = policy
    }

    /// The command's last step (on SQLite, folds the write-ahead log into the file).
    public func close() throws {
        try storage.close()
    }

    /// Registers a user the operator vouches for (the address is held and verified at once);
    /// returns the new user's id.
    public func createUser(name: String, email: String, password: String, hashing: ScryptPasswordHasher.Parameters = .standard) throws -> String {
        do {
            return try OperatorRegistration(
                users: gateway.users, hasher: ScryptPasswordHasher(parameters: hashing), tokens: tokens, clock: clock, ids: TimeOrderedIDGenerator(),
                policy: policy
            ).register(name: name.trimmingCharacters(in: .whitespacesAndNewlines), email: email, password: password).user.id.rawValue
        } catch {
            throw RegistrationOutcome.failure(error)
        }
    }

    /// A new bearer token for an existing user, printed once.
    public func createToken(email: String) throws -> (token: String, expiresAt: Date) {
        guard let user = try gateway.users.fetch(email: EmailAddress.normalize(email)) else {
            throw Failure(description: "no user with email \(EmailAddress.normalize(email))")
        }
        let issued = tokens.issue()
        let now = clock.now()
        let session = Session(tokenDigest: issued.digest, userID: user.id, createdAt: now, expiresAt: now.addingTimeInterval(policy.tokenLifetime))
        try gateway.sessions.insert(session)
        return (issued.token, session.expiresAt)
    }

    /// Revokes one token; false when it was unknown or already revoked.
    public func revoke(token: String) throws -> Bool {
        guard let digest = tokens.digest(of: token) else { throw Failure(description: "that is not a Viperd token (43 base64url characters)") }
        return try gateway.sessions.revoke(tokenDigest: digest, at: clock.now())
    }

    /// Revokes every active token of a user; returns how many.
    public func revokeAll(email: String) throws -> Int {
        guard let user = try gateway.users.fetch(email: EmailAddress.normalize(email)) else {
            throw Failure(description: "no user with email \(EmailAddress.normalize(email))")
        }
        return try gateway.sessions.revokeAll(userID: user.id, at: clock.now(), keeping: nil).count
    }

    /// The newest messages of the outbox, newest first.
    public func recentMail(limit: Int) throws -> [MailRecord] {
        try gateway.outbox.recentMail(limit: limit)
    }
}
