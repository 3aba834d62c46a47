import Foundation

/// What every identity scene (registration, verification, password reset) works with, built
/// once by the composition root.
public struct IdentityServices: Sendable {
    public var users: any UserManager
    public var identity: any IdentityManager
    public var hasher: any PasswordHasher
    public var codes: any OneTimeCodeIssuer
    public var ids: any IDGenerator
    public var clock: any Clock
    public var policy: IdentityPolicy
    public var mailThrottle: MailThrottle

    public init(
        users: any UserManager, identity: any IdentityManager, hasher: any PasswordHasher, codes: any OneTimeCodeIssuer, ids: any IDGenerator,
        clock: any Clock, policy: IdentityPolicy, mailThrottle: MailThrottle
    ) {
        self.users = users
        self.identity = identity
        self.hasher = hasher
        self.codes = codes
        self.ids = ids
        self.clock = clock
        self.policy = policy
        self.mailThrottle = mailThrottle
    }

    /// A fresh code of `purpose` for `user`, and its stored form.
    func code(for user: UserID, _ purpose: OneTimeCodePurpose, at now: Date) -> (IssuedCode, OneTimeCode) {
        let issued = codes.issue(for: user, purpose: purpose)
        let stored = OneTimeCode(
            userID: user, purpose: purpose, digest: issued.digest, expiresAt: now.addingTimeInterval(policy.codeLifetime),
            attemptsLeft: policy.codeAttempts, createdAt: now)
        return (issued, stored)
    }

    /// The event `type` of `user` with the mail `kind` to `address`, worded in `language`.
    func notice(
        _ type: OutboxEventType, of user: User, mail kind: MailKind?, to address: String, language: String, secret: String? = nil, at now: Date
    ) -> Notice {
        let mail = kind.map {
            MailRequest(
                id: ids.makeID(prefix: "m_"), kind: $0, recipient: address, recipientName: user.name, language: language, secret: secret, createdAt: now)
        }
        return Notice(event: OutboxEvent(userID: user.id, type: type, payload: ["email": address], createdAt: now), mail: mail)
    }
}
