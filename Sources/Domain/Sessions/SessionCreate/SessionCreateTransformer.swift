import Foundation

/// The "log in" event: takes a throttle slot, checks the password in constant-ish time, opens a
/// session with an access token and a refresh token, and stores a stronger hash when the stored one's parameters are out of date.
public struct SessionCreateTransformer {
    private let users: any UserManager
    private let sessions: any SessionManager
    private let hasher: any PasswordHasher
    private let tokens: any TokenIssuer
    private let throttle: LoginThrottle
    private let clock: any Clock
    private let policy: SessionPolicy

    public init(users: any UserManager, sessions: any SessionManager, hasher: any PasswordHasher, tokens: any TokenIssuer, throttle: LoginThrottle, clock: any Clock, policy: SessionPolicy) {
        self.users = users
        self.sessions = sessions
        self.hasher = hasher
        self.tokens = tokens
        self.throttle = throttle
        self.clock = clock
        self.policy = policy
    }

    /// - Parameters: `clientAddress` the key the login limits count (`ClientAddress.limitKey`);
    ///   `client` what the sessions list shows of the new session.
    public func transform(email: String, password: String, clientAddress: String, client: SessionClient, output: any SessionCreateUseCaseOutput) {
        let email = EmailAddress.normalize(email)
        let now = clock.now()
        // The slot is taken before the password is checked: parallel guesses cannot all pass a
        // check made before any of them is counted.
        if let wait = throttle.reserve(email: email, address: clientAddress, now: now) {
            output.presentRateLimited(retryAfter: wait)
            return
        }
        do {
            let candidates = try users.signInCandidates(email: email, limit: Self.maximumCandidates)
            guard !candidates.isEmpty else {
                // The KDF runs anyway, so an unknown email costs what a wrong password costs.
                try hasher.verifyDummy(password)
                output.presentInvalidCredentials()
                return
            }
            guard let user = try Self.match(password, among: candidates, hasher: hasher) else {
                output.presentInvalidCredentials()
                return
            }
            throttle.recordSuccess(email: email, address: clientAddress, now: now)
            let access = tokens.issue()
            let family = tokens.issue()
            let secret = tokens.issue()
            let endsAt = now.addingTimeInterval(policy.absoluteTimeout)
            let expiresAt = policy.sessionEnd(lastUsedAt: now, endsAt: endsAt)
            let session = Session(
                tokenDigest: access.digest, userID: user.id, createdAt: now, expiresAt: expiresAt,
                accessExpiresAt: min(now.addingTimeInterval(policy.accessTokenLifetime), expiresAt), endsAt: endsAt, lastUsedAt: now,
                clientAddress: client.address, userAgent: client.userAgent,
                refresh: SessionRefreshState(familyDigest: family.digest, currentDigest: secret.digest))
            try sessions.insert(session)
            rehashIfWeaker(user, password: password)
            output.presentCreated(SessionPresentationModel(
                token: access.token, expiresAt: session.accessEnd, refreshToken: RefreshToken.compose(family: family, secret: secret),
                refreshExpiresAt: session.expiresAt))
        } catch let busy as PasswordHashingBusy {
            throttle.cancel(email: email, address: clientAddress, now: now)
            output.presentServerBusy(retryAfter: busy.retryAfter)
        } catch {
            throttle.cancel(email: email, address: clientAddress, now: now)
            output.presentStorage(error)
        }
    }

    /// A holder and the unverified accounts that claim its address (`IdentityPolicy.maxClaimsPerEmail`).
    static let maximumCandidates = 4

    /// The account whose password this is: a verified holder alone (its address is proven, the
    /// claims on it are dead), else the first of the holder from before verification and the
    /// claimers whose hash matches.
    static func match(_ password: String, among candidates: [User], hasher: any PasswordHasher) throws -> User? {
        if let holder = candidates.first, holder.isEmailVerified {
            return try hasher.verify(password, against: holder.passwordHash) ? holder : nil
        }
        for candidate in candidates where try hasher.verify(password, against: candidate.passwordHash) { return candidate }
        return nil
    }

    /// Replaces a hash made with weaker parameters by one made with the current ones, now that
    /// the password is known. Best effort: the login has succeeded either way, and the next one
    /// tries again.
    private func rehashIfWeaker(_ user: User, password: String) {
        guard hasher.needsRehash(user.passwordHash), let stronger = try? hasher.hash(password) else { return }
        _ = try? users.updatePasswordHash(of: user.id, from: user.passwordHash, to: stronger)
    }
}
