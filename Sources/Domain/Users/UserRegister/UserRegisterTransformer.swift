import Foundation

/// The "register" event: checks the rules, takes a registration slot of the client's address,
/// and answers alike whether or not the address is free: a free one gets a new user who claims
/// it (with a first account) and a mailed verification code; one held verified gets its holder
/// a "someone tried to register with your address" message. Either way the password is hashed,
/// so the time taken tells nothing either.
public struct UserRegisterTransformer {
    public static let minimumPasswordLength = 10

    private let services: IdentityServices
    private let accountPolicy: AccountPolicy
    private let throttle: RegistrationThrottle?

    /// - Parameter throttle: the per-address limit; nil for no limit.
    public init(services: IdentityServices, accountPolicy: AccountPolicy = AccountPolicy(), throttle: RegistrationThrottle?) {
        self.services = services
        self.accountPolicy = accountPolicy
        self.throttle = throttle
    }

    /// - Parameters: `name` trimmed by the Presenter; `email` as typed; `password` untouched;
    ///   `clientAddress` the address the registration counts against; `language` the one the
    ///   mail is worded in.
    public func transform(
        name: String?, email: String?, password: String?, clientAddress: String, language: String, output: any UserRegisterUseCaseOutput
    ) {
        let failures = Self.failures(name: name, email: email, password: password)
        guard failures.isEmpty, let name, let password else {
            output.presentValidationFailures(failures)
            return
        }
        let normalized = EmailAddress.normalize(email ?? "")
        let now = services.clock.now()
        if let wait = throttle?.reserve(address: clientAddress, now: now) {
            output.presentRateLimited(retryAfter: wait)
            return
        }
        do {
            // Hashed whichever way it goes: a held address must cost what a free one costs.
            let passwordHash = try services.hasher.hash(password)
            try store(name: name, email: normalized, passwordHash: passwordHash, clientAddress: clientAddress, language: language, now: now)
            output.presentAccepted(email: normalized)
        } catch let busy as PasswordHashingBusy {
            throttle?.cancel(address: clientAddress, now: now)
            output.presentServerBusy(retryAfter: busy.retryAfter)
        } catch {
            throttle?.cancel(address: clientAddress, now: now)
            output.presentStorage(error)
        }
    }

    /// Every rule a registration breaks, in field order: the one check self-registration and an
    /// operator's registration share.
    public static func failures(name: String?, email: String?, password: String?) -> [UserFieldFailure] {
        var failures: [UserFieldFailure] = []
        if let name, !name.isEmpty {
            if !VisibleText.isVisibleName(name) { failures.append(UserFieldFailure(field: .name, rule: .invisibleCharacters)) }
        } else {
            failures.append(UserFieldFailure(field: .name, rule: .required))
        }
        if let failure = emailFailure(email) { failures.append(failure) }
        if let password {
            if let failure = passwordFailure(password) { failures.append(failure) }
        } else {
            failures.append(UserFieldFailure(field: .password, rule: .required))
        }
        return failures
    }

    /// An email's broken rule, if any, once normalized: required, invisible code points, a
    /// non-ASCII domain, implausible.
    public static func emailFailure(_ email: String?) -> UserFieldFailure? {
        let normalized = email.map(EmailAddress.normalize) ?? ""
        guard !normalized.isEmpty else { return UserFieldFailure(field: .email, rule: .required) }
        return switch EmailRule.failure(of: normalized) {
        case .invisibleCharacters?: UserFieldFailure(field: .email, rule: .invisibleCharacters)
        case .nonASCIIDomain?: UserFieldFailure(field: .email, rule: .nonASCIIDomain)
        case .implausible?: UserFieldFailure(field: .email, rule: .invalidEmail)
        case nil: nil
        }
    }

    /// A password's broken rule, if any: the one rule registration, a change and a reset share.
    public static func passwordFailure(_ password: String) -> UserFieldFailure? {
        // Code points, as the maximum counts them; graphemes would let "é" (e + U+0301) count once.
        password.unicodeScalars.count < minimumPasswordLength ? UserFieldFailure(field: .password, rule: .weakPassword) : nil
    }

    private func store(name: String, email: String, passwordHash: String, clientAddress: String, language: String, now: Date) throws {
        // A holder that never verified (an account from before verification existed) holds
        // the address only until someone proves the mailbox: the registration claims it too.
        if let holder = try services.users.fetch(email: email), holder.isEmailVerified {
            // Mail past the limit is dropped in silence: the answer must not change.
            guard services.mailThrottle.reserve(recipient: email, client: clientAddress, now: now) == nil else { return }
            let notice = services.notice(.registrationAttempted, of: holder, mail: .registrationAttempt, to: email, language: language, at: now)
            try withMailRefund(email, clientAddress, now) { try services.identity.append(notice) }
            return
        }
        guard try services.identity.claimCount(email: email) < services.policy.maxClaimsPerEmail,
            services.mailThrottle.reserve(recipient: email, client: clientAddress, now: now) == nil
        else { return }
        let user = User(id: UserID(services.ids.makeID(prefix: "u_")), name: name, email: email, passwordHash: passwordHash, createdAt: now)
        let account = Account(
            id: AccountID(services.ids.makeID(prefix: "a_")), ownerID: user.id, name: accountPolicy.firstAccountName,
            currency: accountPolicy.defaultCurrency, createdAt: now)
        let (issued, code) = services.code(for: user.id, .verifyEmail, at: now)
        let notice = services.notice(.userRegistered, of: user, mail: .emailVerification, to: email, language: language, secret: issued.code, at: now)
        try withMailRefund(email, clientAddress, now) { try services.identity.registerClaim(user, firstAccount: account, code: code, notice: notice) }
    }

    private func withMailRefund(_ email: String, _ client: String, _ now: Date, _ body: () throws -> Void) throws {
        do { try body() } catch {
            services.mailThrottle.cancel(recipient: email, client: client, now: now)
            throw error
        }
    }
}
