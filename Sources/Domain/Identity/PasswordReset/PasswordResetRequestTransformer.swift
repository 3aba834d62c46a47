import Foundation

/// The "I forgot my password" event: within the mail limits (counted whether or not the address
/// is held, so a refusal tells nothing either), mails the holder of the address a reset code.
public struct PasswordResetRequestTransformer {
    private let services: IdentityServices

    public init(services: IdentityServices) {
        self.services = services
    }

    public func transform(email: String?, clientAddress: String, language: String, output: any PasswordResetRequestUseCaseOutput) {
        if let failure = UserRegisterTransformer.emailFailure(email) {
            output.presentValidationFailures([failure])
            return
        }
        let normalized = EmailAddress.normalize(email ?? "")
        let now = services.clock.now()
        if let wait = services.mailThrottle.reserve(recipient: normalized, client: clientAddress, now: now) {
            output.presentRateLimited(retryAfter: wait)
            return
        }
        do {
            if let holder = try services.users.fetch(email: normalized) {
                let (issued, code) = services.code(for: holder.id, .resetPassword, at: now)
                let notice = services.notice(
                    .passwordResetRequested, of: holder, mail: .passwordReset, to: normalized, language: language, secret: issued.code, at: now)
                try services.identity.issueCode(code, notice: notice)
            }
            output.presentAccepted(email: normalized)
        } catch {
            services.mailThrottle.cancel(recipient: normalized, client: clientAddress, now: now)
            output.presentStorage(error)
        }
    }
}
