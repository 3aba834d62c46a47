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
