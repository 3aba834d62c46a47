import Foundation

/// The "verify my address" event: spends a try of the user's live code and, on a match, makes
/// the address theirs, with an `emailVerified` event.
public struct EmailVerifyTransformer {
    private let services: IdentityServices

    public init(services: IdentityServices) {
        self.services = services
    }

    public func transform(user id: UserID, code: String, output: any EmailVerifyUseCaseOutput) {
        let now = services.clock.now()
        do {
            guard let user = try services.users.fetch(id: id) else {
                output.presentUnknownUser()
                return
            }
            if user.isEmailVerified {
                output.presentVerified(UserPresentationModel(user))
                return
            }
            // A text that cannot be a code spends nothing: it could never match.
            guard let digest = services.codes.digest(of: code, for: id, purpose: .verifyEmail) else {
                output.presentCodeMismatch(attemptsLeft: services.policy.codeAttempts)
                return
            }
            let notice = Notice(event: OutboxEvent(userID: id, type: .emailVerified, payload: ["email": user.email], createdAt: now))
            switch try services.identity.verifyEmail(of: id, digest: digest, at: now, notice: notice) {
            case .accepted(let verified): output.presentVerified(UserPresentationModel(verified))
            case .mismatched(let left): output.presentCodeMismatch(attemptsLeft: left)
            case .noLiveCode: output.presentNoLiveCode()
            case .emailTaken: output.presentEmailTaken()
            }
        } catch {
            output.presentStorage(error)
        }
    }
}
