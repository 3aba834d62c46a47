import Foundation

/// A session as use cases report it: the token is shown once, here.
public struct SessionPresentationModel: Equatable, Sendable {
    public let token: String
    public let expiresAt: Date

    public init(token: String, expiresAt: Date) {
        self.token = token
        self.expiresAt = expiresAt
    }
}
