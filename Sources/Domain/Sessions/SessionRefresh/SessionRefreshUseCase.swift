/// `POST /v1/sessions/refresh`: a refresh token for a new access token and a new refresh token.
///
/// Outcomes: `presentRefreshed(_:)`, `presentInvalidRefreshToken()`, storage failures.
public struct SessionRefreshUseCase {
    private let transformer: SessionRefreshTransformer

    public init(sessions: any SessionManager, tokens: any TokenIssuer, authenticator: AccessTokenAuthenticator, clock: any Clock, policy: SessionPolicy) {
        transformer = SessionRefreshTransformer(sessions: sessions, tokens: tokens, authenticator: authenticator, clock: clock, policy: policy)
    }

    public func eventRefresh(refreshToken: String, output: any SessionRefreshUseCaseOutput) {
        transformer.transform(refreshToken: refreshToken, output: output)
    }
}
