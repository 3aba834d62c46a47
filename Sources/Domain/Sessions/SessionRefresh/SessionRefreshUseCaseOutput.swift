/// What refreshing a session can lead to.
public protocol SessionRefreshUseCaseOutput: StorageFailureOutput {
    /// A new access token and a new refresh token; the presented refresh token is used up.
    func presentRefreshed(_ session: SessionPresentationModel)
    /// Unknown, expired, revoked or already used (which revoked its session): deliberately one
    /// event, as for an access token.
    func presentInvalidRefreshToken()
}
