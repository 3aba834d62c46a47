/// `DELETE /v1/sessions`: every session of the user ends, the caller's too; at once on this
/// process, within the authenticator's cache lifetime on the others.
///
/// Outcomes: `presentLoggedOutEverywhere()`, storage failures.
public struct SessionDeleteAllUseCase {
    private let sessions: any SessionManager
    private let authenticator: AccessTokenAuthenticator
    private let clock: any Clock

    public init(sessions: any SessionManager, authenticator: AccessTokenAuthenticator, clock: any Clock) {
        self.sessions = sessions
        self.authenticator = authenticator
        self.clock = clock
    }

    /// - Parameter tokenDigest: the caller's, forgotten even if another request revoked it first.
    public func eventLogoutEverywhere(user: UserID, tokenDigest: String, output: any SessionDeleteAllUseCaseOutput) {
        do {
            let revoked = try sessions.revokeAll(userID: user, at: clock.now(), keeping: nil)
            authenticator.forget(tokenDigests: revoked + [tokenDigest])
            output.presentLoggedOutEverywhere()
        } catch {
            output.presentStorage(error)
        }
    }
}
