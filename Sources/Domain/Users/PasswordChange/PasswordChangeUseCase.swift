/// `POST /v1/me/password`: the signed-in user changes their password, which ends every other
/// session of theirs.
///
/// Outcomes: `presentPasswordChanged()`, `presentValidationFailures(_:)` (a wrong current
/// password among them), `presentRateLimited(retryAfter:)`, `presentServerBusy(retryAfter:)`,
/// `presentUnknownUser()`, storage failures.
public struct PasswordChangeUseCase {
    private let transformer: PasswordChangeTransformer

    public init(
        users: any UserManager, hasher: any PasswordHasher, throttle: LoginThrottle, authenticator: AccessTokenAuthenticator, clock: any Clock,
        ids: any IDGenerator
    ) {
        transformer = PasswordChangeTransformer(users: users, hasher: hasher, throttle: throttle, authenticator: authenticator, clock: clock, ids: ids)
    }

    public func eventChange(
        user: UserID, tokenDigest: String, currentPassword: String?, newPassword: String?, clientAddress: String, language: String,
        output: any PasswordChangeUseCaseOutput
    ) {
        transformer.transform(
            user: user, tokenDigest: tokenDigest, currentPassword: currentPassword, newPassword: newPassword, clientAddress: clientAddress,
            language: language, output: output)
    }
}
