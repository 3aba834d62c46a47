import Foundation

/// The "change password" event: checks the new password against registration's rule, takes a
/// login throttle slot (a wrong current password is a failed login: the endpoint must not become
/// a way around the login limits), checks the current password, then stores the new hash and
/// revokes every other session of the user in one write (`UserManager.changePassword`), with the
/// `user.password_changed` event and, to a verified address, the mail that tells the owner.
public struct PasswordChangeTransformer {
    private let users: any UserManager
    private let hasher: any PasswordHasher
    private let throttle: LoginThrottle
    private let authenticator: AccessTokenAuthenticator
    private let clock: any Clock
    private let ids: any IDGenerator

    public init(
        users: any UserManager, hasher: any PasswordHasher, throttle: LoginThrottle, authenticator: AccessTokenAuthenticator, clock: any Clock,
        ids: any IDGenerator
    ) {
        self.users = users
        self.hasher = hasher
        self.throttle = throttle
        self.authenticator = authenticator
        self.clock = clock
        self.ids = ids
    }

    /// - Parameters: `tokenDigest` the caller's access token, whose session is kept;
    ///   `clientAddress` the key the login limits count; `language` the mail's.
    public func transform(
        user id: UserID, tokenDigest: String, currentPassword: String?, newPassword: String?, clientAddress: String, language: String,
        output: any PasswordChangeUseCaseOutput
    ) {
        var failures: [PasswordChangeFailure] = []
        if currentPassword == nil { failures.append(PasswordChangeFailure(field: .currentPassword, rule: .required)) }
        if let newPassword {
            if newPassword.unicodeScalars.count < UserRegisterTransformer.minimumPasswordLength {
                failures.append(PasswordChangeFailure(field: .newPassword, rule: .weakPassword))
            }
        } else {
            failures.append(PasswordChangeFailure(field: .newPassword, rule: .required))
        }
        guard failures.isEmpty, let currentPassword, let newPassword else {
            output.presentValidationFailures(failures)
            return
        }
        let now = clock.now()
        let wrongPassword = [PasswordChangeFailure(field: .currentPassword, rule: .wrongPassword)]
        do {
            guard let user = try users.fetch(id: id) else {
                output.presentUnknownUser()
                return
            }
            if let wait = throttle.reserve(email: user.email, address: clientAddress, now: now) {
                output.presentRateLimited(retryAfter: wait)
                return
            }
            do {
                guard try hasher.verify(currentPassword, against: user.passwordHash) else {
                    output.presentValidationFailures(wrongPassword)
                    return
                }
                throttle.recordSuccess(email: user.email, address: clientAddress, now: now)
                let hash = try hasher.hash(newPassword)
                // Nil: another change replaced the hash since it was read, so the password given
                // as current no longer is.
                guard
                    let revoked = try users.changePassword(
                        of: id, from: user.passwordHash, to: hash, revokingSessionsAt: now, keeping: tokenDigest,
                        telling: notice(of: user, language: language, at: now))
                else {
                    output.presentValidationFailures(wrongPassword)
                    return
                }
                authenticator.forget(tokenDigests: revoked)
                output.presentPasswordChanged()
            } catch let busy as PasswordHashingBusy {
                throttle.cancel(email: user.email, address: clientAddress, now: now)
                output.presentServerBusy(retryAfter: busy.retryAfter)
            } catch {
                throttle.cancel(email: user.email, address: clientAddress, now: now)
                output.presentStorage(error)
            }
        } catch {
            output.presentStorage(error)
        }
    }

    /// The change's event, and its mail when the address is verified: an unproven address may
    /// be a stranger's, who must not learn of this account.
    private func notice(of user: User, language: String, at now: Date) -> Notice {
        let mail = user.isEmailVerified
            ? MailRequest(id: ids.makeID(prefix: "m_"), kind: .passwordChanged, recipient: user.email, recipientName: user.name, language: language, createdAt: now)
            : nil
        return Notice(event: OutboxEvent(userID: user.id, type: .passwordChanged, createdAt: now), mail: mail)
    }
}
