/// `DELETE /v1/sessions/current`: the presented token stops working at once.
///
/// Outcomes: `presentLoggedOut()`, storage failures.
public struct SessionDeleteUseCase {
    private let sessions: any SessionManager
    private let authenticator: AccessTokenAuthenticator
    private let clock: any Clock

    public init(sessions: any SessionManager, authenticator: AccessTokenAuthenticator, clock: any Clock) {
        self.sessions = sessions
        self.authenticator = authenticator
        self.clock = clock
    }

    public func eventLogout(tokenDigest: String, output: any SessionDeleteUseCaseOutput) {
        do {
            _ = try sessions.revoke(tokenDigest: tokenDigest, at: clock.now())
            authenticator.forget(tokenDigest: tokenDigest)
            output.presentLoggedOut()
        } catch {
            output.presentStorage(error)
        }
    }
}
