import Domain
import Foundation

/// A new session on the wire: `{token, expiresAt}`.
public struct SessionViewModel: Encodable, Equatable, Sendable {
    public let token: String
    public let expiresAt: String

    public init(_ session: SessionPresentationModel) {
        token = session.token
        expiresAt = Timestamp.format(session.expiresAt)
    }
}
