import Foundation

/// The "set my password with this code" event: spends a try of the address holder's live reset
/// code and, on a match, sets the password, verifies the address and ends every session, in one
/// transaction. The new password is hashed only when a live code exists, so guessing at an
/// address with no code costs no hashing.
public struct PasswordResetConfirmTransformer {
    private let services: IdentityServices

    public init(services: IdentityServices) {
        self.services = services
    }

    public func transform(email: String?, code: String?, newPassword: String?, output: any PasswordResetConfirmUseCaseOutput) {
        var failures: [UserFieldFailure] = []
        let normalized = email.map(EmailAddress.normalize) ?? ""
        if normalized.isEmpty { failures.append(UserFieldFailure(field: .email, rule: .required)) }
        if code?.isEmpty ?? true { failures.append(UserFieldFailure(field: .code, rule: .required)) }
        if let newPassword {
            if let failure = UserRegisterTransformer.passwordFailure(newPassword) { failures.append(UserFieldFailure(field: .newPassword, rule: failure.rule)) }
        } else {
            failures.append(UserFieldFailure(field: .newPassword, rule: .required))
        }
        guard failures.isEmpty, let code, let newPassword else {
            output.presentValidationFailures(failures)
            return
        }
        let now = services.clock.now()
        do {
            guard let holder = try services.users.fetch(email: normalized),
                let digest = services.codes.digest(of: code, for: holder.id, purpose: .resetPassword),
                try services.identity.hasLiveCode(of: holder.id, purpose: .resetPassword, at: now)
            else {
                output.presentCodeMismatch(attemptsLeft: 0)
                return
            }
            let hash = try services.hasher.hash(newPassword)
            let notice = Notice(event: OutboxEvent(userID: holder.id, type: .passwordReset, payload: ["email": normalized], createdAt: now))
            switch try services.identity.resetPassword(of: holder.id, digest: digest, newPasswordHash: hash, at: now, notice: notice) {
            case .accepted: output.presentReset()
            case .mismatched(let left): output.presentCodeMismatch(attemptsLeft: left)
            case .noLiveCode, .emailTaken: output.presentCodeMismatch(attemptsLeft: 0)
            }
        } catch let busy as PasswordHashingBusy {
            output.presentServerBusy(retryAfter: busy.retryAfter)
        } catch {
            output.presentStorage(error)
        }
    }
}
