import Foundation

/// The "register" event: checks the rules, takes a registration slot of the client's address,
/// stores the user with a first session and a first account (in the policy's default currency),
/// reports the user and the session.
public struct UserRegisterTransformer {
    public static let minimumPasswordLength = 10

    private let users: any UserManager
    private let hasher: any PasswordHasher
    private let tokens: any TokenIssuer
    private let clock: any Clock
    private let ids: any IDGenerator
    private let policy: SessionPolicy
    private let accountPolicy: AccountPolicy
    private let throttle: RegistrationThrottle?

    /// - Parameter throttle: the per-address limit; nil for operators' commands, which no client
    ///   address reaches.
    public init(
        users: any UserManager, hasher: any PasswordHasher, tokens: any TokenIssuer, clock: any Clock, ids: any IDGenerator, policy: SessionPolicy,
        accountPolicy: AccountPolicy = AccountPolicy(), throttle: RegistrationThrottle?
    ) {
        self.users = users
        self.hasher = hasher
        self.tokens = tokens
        self.clock = clock
        self.ids = ids
        self.policy = policy
        self.accountPolicy = accountPolicy
        self.throttle = throttle
    }

    /// - Parameters: `name` trimmed by the Presenter; `email` as typed; `password` untouched;
    ///   `clientAddress` the address the registration counts against.
    public func transform(name: String?, email: String?, password: String?, clientAddress: String, output: any UserRegisterUseCaseOutput) {
        var failures: [UserFieldFailure] = []
        if let name, !name.isEmpty {
            if !VisibleText.isVisibleName(name) { failures.append(UserFieldFailure(field: .name, rule: .invisibleCharacters)) }
        } else {
            failures.append(UserFieldFailure(field: .name, rule: .required))
        }
        let normalized = email.map(EmailAddress.normalize)
        if let normalized, !normalized.isEmpty {
            switch EmailRule.failure(of: normalized) {
            case .invisibleCharacters?: failures.append(UserFieldFailure(field: .email, rule: .invisibleCharacters))
            case .nonASCIIDomain?: failures.append(UserFieldFailure(field: .email, rule: .nonASCIIDomain))
            case .implausible?: failures.append(UserFieldFailure(field: .email, rule: .invalidEmail))
            case nil: break
            }
        } else {
            failures.append(UserFieldFailure(field: .email, rule: .required))
        }
        if let password {
            // Code points, as the maximum counts them; graphemes would let "é" (e + U+0301) count once.
            if password.unicodeScalars.count < Self.minimumPasswordLength { failures.append(UserFieldFailure(field: .password, rule: .weakPassword)) }
        } else {
            failures.append(UserFieldFailure(field: .password, rule: .required))
        }
        guard failures.isEmpty, let name, let normalized, let password else {
            output.presentValidationFailures(failures)
            return
        }
        let now = clock.now()
        if let wait = throttle?.reserve(address: clientAddress, now: now) {
            output.presentThrottled(retryAfter: wait)
            return
        }
        do {
            let user = User(id: UserID(ids.makeID(prefix: "u_")), name: name, email: normalized, passwordHash: try hasher.hash(password), createdAt: now)
            let token = tokens.issue()
            let session = Session(tokenDigest: token.digest, userID: user.id, createdAt: now, expiresAt: now.addingTimeInterval(policy.tokenLifetime))
            let account = Account(
                id: AccountID(ids.makeID(prefix: "a_")), ownerID: user.id, name: accountPolicy.firstAccountName,
                currency: accountPolicy.defaultCurrency, createdAt: now)
            switch try users.register(user, firstSession: session, firstAccount: account) {
            case .registered:
                output.presentRegistered(UserPresentationModel(user), session: SessionPresentationModel(token: token.token, expiresAt: session.expiresAt))
            case .emailTaken:
                output.presentEmailTaken()
            }
        } catch let busy as PasswordHashingBusy {
            throttle?.cancel(address: clientAddress, now: now)
            output.presentHashingBusy(retryAfter: busy.retryAfter)
        } catch {
            throttle?.cancel(address: clientAddress, now: now)
            output.presentStorage(error)
        }
    }
}
