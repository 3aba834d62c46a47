/// `POST /v1/password-resets/confirm`: set a new password with the mailed reset code.
///
/// Outcomes: `presentReset()`, `presentValidationFailures(_:)`, `presentCodeMismatch(attemptsLeft:)`,
/// `presentServerBusy(retryAfter:)`, storage failures.
public struct PasswordResetConfirmUseCase {
    private let transformer: PasswordResetConfirmTransformer

    public init(services: IdentityServices) {
        transformer = PasswordResetConfirmTransformer(services: services)
    }

    public func eventConfirm(email: String?, code: String?, newPassword: String?, output: any PasswordResetConfirmUseCaseOutput) {
        transformer.transform(email: email, code: code, newPassword: newPassword, output: output)
    }
}
