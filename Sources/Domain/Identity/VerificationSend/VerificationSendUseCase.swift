/// `POST /v1/users/verification`: mail the signed-in, unverified user a new code.
///
/// Outcomes: `presentSent(email:)`, `presentAlreadyVerified()`, `presentRateLimited(retryAfter:)`,
/// `presentUnknownUser()`, storage failures.
public struct VerificationSendUseCase {
    private let transformer: VerificationSendTransformer
    private let user: UserID

    public init(services: IdentityServices, user: UserID) {
        transformer = VerificationSendTransformer(services: services)
        self.user = user
    }

    public func eventSend(clientAddress: String, language: String, output: any VerificationSendUseCaseOutput) {
        transformer.transform(user: user, clientAddress: clientAddress, language: language, output: output)
    }
}
