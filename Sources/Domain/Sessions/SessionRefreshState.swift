import Foundation

/// What a login's session keeps of its refresh tokens: digests only.
///
/// A refresh token is two halves, `family.secret`. The family half is the same for every token of
/// one login, so a token that was already used is still recognized as this login's and revokes
/// it (RFC 9700 §4.14.2), without keeping a row per token ever issued.
public struct SessionRefreshState: Equatable, Sendable {
    /// SHA-256 of the family half.
    public var familyDigest: String
    /// SHA-256 of the current token's secret half.
    public var currentDigest: String
    /// SHA-256 of the secret half the current one replaced; accepted again within the grace
    /// window, for a client that lost the answer to its refresh.
    public var previousDigest: String?
    /// When the current token replaced the previous one.
    public var rotatedAt: Date?

    public init(familyDigest: String, currentDigest: String, previousDigest: String? = nil, rotatedAt: Date? = nil) {
        self.familyDigest = familyDigest
        self.currentDigest = currentDigest
        self.previousDigest = previousDigest
        self.rotatedAt = rotatedAt
    }
}
