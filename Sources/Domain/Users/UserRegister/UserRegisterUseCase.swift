/// `POST /v1/users`: a new user with their first session and first account.
///
/// Outcomes: `presentRegistered(_:session:)`, `presentValidationFailures(_:)` (no name,
/// implausible email, password under 10 characters), `presentEmailTaken()`, storage failures.
public struct UserRegisterUseCase {
    private let transformer: UserRegisterTransformer

    public init(
        users: any UserManager, hasher: any PasswordHasher, tokens: any TokenIssuer, clock: any Clock, ids: any IDGenerator, policy: SessionPolicy,
        accountPolicy: AccountPolicy = AccountPolicy()
    ) {
        transformer = UserRegisterTransformer(
            users: users, hasher: hasher, tokens: tokens, clock: clock, ids: ids, policy: policy, accountPolicy: accountPolicy)
    }

    public func eventRegister(name: String?, email: String?, password: String?, output: any UserRegisterUseCaseOutput) {
        transformer.transform(name: name, email: email, password: password, output: output)
    }
}
