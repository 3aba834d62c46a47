import Foundation

/// A user as use cases report them: never the password hash.
public struct UserPresentationModel: Equatable, Sendable {
    public let id: UserID
    public let name: String
    public let email: String

    public init(_ user: User) {
        id = user.id
        name = user.name
        email = user.email
    }
}

/// A session as use cases report it: the token is shown once, here.
public struct SessionPresentationModel: Equatable, Sendable {
    public let token: String
    public let expiresAt: Date

    public init(token: String, expiresAt: Date) {
        self.token = token
        self.expiresAt = expiresAt
    }
}

/// How long a session lives.
public struct SessionPolicy: Sendable {
    public var tokenLifetime: TimeInterval

    public init(tokenLifetime: TimeInterval = 30 * 24 * 3600) {
        self.tokenLifetime = tokenLifetime
    }
}
