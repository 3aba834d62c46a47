import Foundation

/// A session as use cases report it: the tokens are shown once, here. A login's session has a
/// refresh token; a registration's does not.
public struct SessionPresentationModel: Equatable, Sendable {
    public let token: String
    public let expiresAt: Date
    public let refreshToken: String?
    public let refreshExpiresAt: Date?

    public init(token: String, expiresAt: Date, refreshToken: String? = nil, refreshExpiresAt: Date? = nil) {
        self.token = token
        self.expiresAt = expiresAt
        self.refreshToken = refreshToken
        self.refreshExpiresAt = refreshExpiresAt
    }
}
