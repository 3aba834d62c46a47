import Domain
import Foundation

/// A user on the wire: `{id, name, email}`.
public struct UserViewModel: Encodable, Equatable, Sendable {
    public let id: String
    public let name: String
    public let email: String

    public init(_ user: UserPresentationModel) {
        id = user.id.rawValue
        name = user.name
        email = user.email
    }
}

/// A new session on the wire: `{token, expiresAt}`.
public struct SessionViewModel: Encodable, Equatable, Sendable {
    public let token: String
    public let expiresAt: String

    public init(_ session: SessionPresentationModel) {
        token = session.token
        expiresAt = Timestamp.format(session.expiresAt)
    }
}

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
