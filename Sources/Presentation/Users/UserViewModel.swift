import Domain
import Foundation

/// A user on the wire: `{id, name, email, emailVerified}`.
public struct UserViewModel: Encodable, Equatable, Sendable {
    public let id: String
    public let name: String
    public let email: String
    /// False until the user enters the code mailed to `email`: until then the address is not
    /// theirs and nobody can pay them through it.
    public let emailVerified: Bool

    public init(_ user: UserPresentationModel) {
        id = user.id.rawValue
        name = user.name
        email = user.email
        emailVerified = user.emailVerified
    }
}
