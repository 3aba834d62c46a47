import Domain

/// The user a bearer token resolved to; only routes that require authentication get one.
public struct AuthenticatedUser: Equatable, Sendable {
    public let id: UserID
    public let tokenDigest: String

    public init(id: UserID, tokenDigest: String) {
        self.id = id
        self.tokenDigest = tokenDigest
    }
}
