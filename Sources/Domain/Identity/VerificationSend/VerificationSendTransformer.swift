import Foundation

/// The "send me a new code" event: within the mail limits, replaces the user's verification code
/// and queues the message, together.
public struct VerificationSendTransformer {
    private let services: IdentityServices

    public init(services: IdentityServices) {
        self.services = services
    }

    public func transform(user id: UserID, clientAddress: String, language: String, output: any VerificationSendUseCaseOutput) {
        let now = services.clock.now()
        do {
            guard let user = try services.users.fetch(id: id) else {
                output.presentUnknownUser()
                return
            }
            guard !user.isEmailVerified else {
                output.presentAlreadyVerified()
                return
            }
            if let wait = services.mailThrottle.reserve(recipient: user.email, client: clientAddress, now: now) {
                output.presentRateLimited(retryAfter: wait)
                return
            }
            let (issued, code) = services.code(for: id, .verifyEmail, at: now)
            let notice = services.notice(
                .emailVerificationRequested, of: user, mail: .emailVerification, to: user.email, language: language, secret: issued.code, at: now)
            do {
                try services.identity.issueCode(code, notice: notice)
            } catch {
                services.mailThrottle.cancel(recipient: user.email, client: clientAddress, now: now)
                throw error
            }
            output.presentSent(email: user.email)
        } catch {
            output.presentStorage(error)
        }
    }
}
