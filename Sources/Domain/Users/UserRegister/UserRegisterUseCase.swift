/// `POST /v1/users`: a new user who claims an address, with a first account and a mailed
/// verification code; or, for an address already held, a message to its holder. Both answer
/// alike.
///
/// Outcomes: `presentAccepted(email:)`, `presentValidationFailures(_:)` (no name, implausible
/// email, password under 10 characters), `presentRateLimited(retryAfter:)` (too many
/// registrations from the address), `presentServerBusy(retryAfter:)`, storage failures.
public struct UserRegisterUseCase {
    private let transformer: UserRegisterTransformer

    public init(services: IdentityServices, accountPolicy: AccountPolicy = AccountPolicy(), throttle: RegistrationThrottle?) {
        transformer = UserRegisterTransformer(services: services, accountPolicy: accountPolicy, throttle: throttle)
    }

    public func eventRegister(name: String?, email: String?, password: String?, clientAddress: String, language: String, output: any UserRegisterUseCaseOutput) {
        transformer.transform(name: name, email: email, password: password, clientAddress: clientAddress, language: language, output: output)
    }
}
