import Domain
import Foundation

/// A new session on the wire: `{token, expiresAt, refreshToken, refreshExpiresAt}` after a login
/// or a refresh; the refresh fields are left out where there is no refresh token (registration).
public struct SessionViewModel: Encodable, Equatable, Sendable {
    public let token: String
    public let expiresAt: String
    public let refreshToken: String?
    public let refreshExpiresAt: String?

    public init(_ session: SessionPresentationModel) {
        token = session.token
        expiresAt = Timestamp.format(session.expiresAt)
        refreshToken = session.refreshToken
        refreshExpiresAt = session.refreshExpiresAt.map(Timestamp.format)
    }
}
