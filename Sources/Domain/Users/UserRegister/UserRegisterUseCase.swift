/// `POST /v1/users`: a new user with their first session and first account.
///
/// Outcomes: `presentRegistered(_:session:)`, `presentValidationFailures(_:)` (no name,
/// implausible email, password under 10 characters), `presentEmailTaken()`,
/// `presentThrottled(retryAfter:)` (too many registrations from the address),
/// `presentHashingBusy(retryAfter:)`, storage failures.
public struct UserRegisterUseCase {
    private let transformer: UserRegisterTransformer

    public init(
        users: any UserManager, hasher: any PasswordHasher, tokens: any TokenIssuer, clock: any Clock, ids: any IDGenerator, policy: SessionPolicy,
        accountPolicy: AccountPolicy = AccountPolicy(), throttle: RegistrationThrottle?
    ) {
        transformer = UserRegisterTransformer(
            users: users, hasher: hasher, tokens: tokens, clock: clock, ids: ids, policy: policy, accountPolicy: accountPolicy, throttle: throttle)
    }

    public func eventRegister(name: String?, email: String?, password: String?, clientAddress: String, output: any UserRegisterUseCaseOutput) {
        transformer.transform(name: name, email: email, password: password, clientAddress: clientAddress, output: output)
    }
}
