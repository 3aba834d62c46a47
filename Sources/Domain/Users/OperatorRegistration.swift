import Foundation

/// Users an operator creates (`viperd user add`, the demo seed): the operator vouches for the
/// address, so the user holds it verified at once, with a first session and a first account.
/// The rules are registration's own (`UserRegisterTransformer`).
public struct OperatorRegistration {
    /// Why the user was not created.
    public enum Failure: Error, Equatable {
        case invalid([UserFieldFailure])
        case emailTaken
    }

    private let users: any UserManager
    private let hasher: any PasswordHasher
    private let tokens: any TokenIssuer
    private let clock: any Clock
    private let ids: any IDGenerator
    private let policy: SessionPolicy
    private let accountPolicy: AccountPolicy

    public init(
        users: any UserManager, hasher: any PasswordHasher, tokens: any TokenIssuer, clock: any Clock, ids: any IDGenerator, policy: SessionPolicy,
        accountPolicy: AccountPolicy = AccountPolicy()
    ) {
        self.users = users
        self.hasher = hasher
        self.tokens = tokens
        self.clock = clock
        self.ids = ids
        self.policy = policy
        self.accountPolicy = accountPolicy
    }

    /// Creates the user; throws `Failure` for a broken rule or a held address, or what storage
    /// or the hasher threw.
    public func register(name: String, email: String, password: String) throws -> (user: UserPresentationModel, session: SessionPresentationModel) {
        let failures = UserRegisterTransformer.failures(name: name, email: email, password: password)
        guard failures.isEmpty else { throw Failure.invalid(failures) }
        let normalized = EmailAddress.normalize(email)
        let now = clock.now()
        let user = User(
            id: UserID(ids.makeID(prefix: "u_")), name: name, email: normalized, passwordHash: try hasher.hash(password), createdAt: now,
            emailVerifiedAt: now)
        let token = tokens.issue()
        let session = Session(tokenDigest: token.digest, userID: user.id, createdAt: now, expiresAt: now.addingTimeInterval(policy.tokenLifetime))
        let account = Account(
            id: AccountID(ids.makeID(prefix: "a_")), ownerID: user.id, name: accountPolicy.firstAccountName, currency: accountPolicy.defaultCurrency,
            createdAt: now)
        guard try users.register(user, firstSession: session, firstAccount: account) == .registered else { throw Failure.emailTaken }
        return (UserPresentationModel(user), SessionPresentationModel(token: token.token, expiresAt: session.expiresAt))
    }
}
