import Foundation

/// The "log in" event: checks the password in constant-ish time, throttles failures, opens a
/// session.
public struct SessionCreateTransformer {
    private let users: any UserManager
    private let sessions: any SessionManager
    private let hasher: any PasswordHasher
    private let tokens: any TokenIssuer
    private let throttle: any LoginThrottle
    private let clock: any Clock
    private let policy: SessionPolicy

    public init(users: any UserManager, sessions: any SessionManager, hasher: any PasswordHasher, tokens: any TokenIssuer, throttle: any LoginThrottle, clock: any Clock, policy: SessionPolicy) {
        self.users = users
        self.sessions = sessions
        self.hasher = hasher
        self.tokens = tokens
        self.throttle = throttle
        self.clock = clock
        self.policy = policy
    }

    public func transform(email: String, password: String, clientAddress: String, output: any SessionCreateUseCaseOutput) {
        let email = EmailAddress.normalize(email)
        let now = clock.now()
        if let wait = throttle.retryAfter(email: email, address: clientAddress, now: now) {
            output.presentThrottled(retryAfter: Int(wait))
            return
        }
        do {
            guard let user = try users.fetch(email: email) else {
                // The KDF runs anyway, so an unknown email costs what a wrong password costs.
                hasher.verifyDummy(password)
                throttle.recordFailure(email: email, address: clientAddress, now: now)
                output.presentInvalidCredentials()
                return
            }
            guard hasher.verify(password, against: user.passwordHash) else {
                throttle.recordFailure(email: email, address: clientAddress, now: now)
                output.presentInvalidCredentials()
                return
            }
            throttle.recordSuccess(email: email, address: clientAddress)
            let token = tokens.issue()
            let session = Session(tokenDigest: token.digest, userID: user.id, createdAt: now, expiresAt: now.addingTimeInterval(policy.tokenLifetime))
            try sessions.insert(session)
            output.presentSessionCreated(SessionPresentationModel(token: token.token, expiresAt: session.expiresAt))
        } catch {
            output.presentStorage(error)
        }
    }
}
