/// The "refresh" event: rotates the refresh token of a login's session (`SessionRotation`) and
/// drops the replaced or revoked access token from this process's cache at once.
public struct SessionRefreshTransformer {
    private let sessions: any SessionManager
    private let tokens: any TokenIssuer
    private let authenticator: AccessTokenAuthenticator
    private let clock: any Clock
    private let policy: SessionPolicy

    public init(sessions: any SessionManager, tokens: any TokenIssuer, authenticator: AccessTokenAuthenticator, clock: any Clock, policy: SessionPolicy) {
        self.sessions = sessions
        self.tokens = tokens
        self.authenticator = authenticator
        self.clock = clock
        self.policy = policy
    }

    public func transform(refreshToken: String, output: any SessionRefreshUseCaseOutput) {
        guard let presented = RefreshToken.parse(refreshToken, tokens: tokens) else {
            output.presentInvalidRefreshToken()
            return
        }
        let access = tokens.issue()
        let secret = tokens.issue()
        let rotation = SessionRotation(
            familyDigest: presented.familyDigest, presentedDigest: presented.secretDigest, newAccessDigest: access.digest,
            newRefreshDigest: secret.digest, now: clock.now(), policy: policy)
        do {
            switch try sessions.rotate(rotation) {
            case .rotated(let session, let replaced):
                authenticator.forget(tokenDigest: replaced)
                output.presentRefreshed(SessionPresentationModel(
                    token: access.token, expiresAt: session.accessEnd, refreshToken: RefreshToken.compose(familyHalf: presented.familyHalf, secret: secret),
                    refreshExpiresAt: session.expiresAt))
            case .reused(let revoked):
                authenticator.forget(tokenDigest: revoked)
                output.presentInvalidRefreshToken()
            case .refused:
                output.presentInvalidRefreshToken()
            }
        } catch {
            output.presentStorage(error)
        }
    }
}
