/// `POST /v1/sessions`: log in with email and password.
///
/// Outcomes: `presentCreated(_:)`, `presentInvalidCredentials()` (unknown email and
/// wrong password alike), `presentRateLimited(retryAfter:)`, `presentServerBusy(retryAfter:)`,
/// storage failures.
public struct SessionCreateUseCase {
    private let transformer: SessionCreateTransformer

    public init(users: any UserManager, sessions: any SessionManager, hasher: any PasswordHasher, tokens: any TokenIssuer, throttle: LoginThrottle, clock: any Clock, policy: SessionPolicy) {
        transformer = SessionCreateTransformer(users: users, sessions: sessions, hasher: hasher, tokens: tokens, throttle: throttle, clock: clock, policy: policy)
    }

    public func eventLogin(email: String, password: String, clientAddress: String, client: SessionClient, output: any SessionCreateUseCaseOutput) {
        transformer.transform(email: email, password: password, clientAddress: clientAddress, client: client, output: output)
    }
}
