/// `POST /v1/users/verify`: the signed-in user proves their mailbox with the mailed code.
///
/// Outcomes: `presentVerified(_:)`, `presentCodeMismatch(attemptsLeft:)`, `presentNoLiveCode()`,
/// `presentEmailTaken()`, `presentUnknownUser()`, storage failures.
public struct EmailVerifyUseCase {
    private let transformer: EmailVerifyTransformer
    private let user: UserID

    public init(services: IdentityServices, user: UserID) {
        transformer = EmailVerifyTransformer(services: services)
        self.user = user
    }

    public func eventVerify(code: String, output: any EmailVerifyUseCaseOutput) {
        transformer.transform(user: user, code: code, output: output)
    }
}
