import Foundation

/// A user as use cases report them: never the password hash.
public struct UserPresentationModel: Equatable, Sendable {
    public let id: UserID
    public let name: String
    public let email: String
    public let emailVerified: Bool

    public init(_ user: User) {
        id = user.id
        name = user.name
        email = user.email
        emailVerified = user.isEmailVerified
    }
}
