/// `POST /v1/password-resets`: mail a reset code to the holder of an address, answering alike
/// whether or not it is held.
///
/// Outcomes: `presentAccepted(email:)`, `presentValidationFailures(_:)`,
/// `presentRateLimited(retryAfter:)`, storage failures.
public struct PasswordResetRequestUseCase {
    private let transformer: PasswordResetRequestTransformer

    public init(services: IdentityServices) {
        transformer = PasswordResetRequestTransformer(services: services)
    }

    public func eventRequest(email: String?, clientAddress: String, language: String, output: any PasswordResetRequestUseCaseOutput) {
        transformer.transform(email: email, clientAddress: clientAddress, language: language, output: output)
    }
}
