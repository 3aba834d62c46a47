import Domain
import Foundation

/// A registration on the wire: `{user, token, expiresAt}`.
public struct RegistrationViewModel: Encodable, Equatable, Sendable {
    public let user: UserViewModel
    public let token: String
    public let expiresAt: String

    public init(user: UserPresentationModel, session: SessionPresentationModel) {
        self.user = UserViewModel(user)
        token = session.token
        expiresAt = Timestamp.format(session.expiresAt)
    }
}
