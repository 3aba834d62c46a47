import Foundation

/// A refresh, as the gateway applies it to the session of the presented token's family in one
/// atomic step: the session is read (locked, on PostgreSQL) and `decision(for:)` says what to
/// write.
public struct SessionRotation: Sendable {
    /// What the presented token makes of the session.
    public enum Decision: Equatable, Sendable {
        /// Store this session in place of the one read (found by its old `tokenDigest`).
        case rotate(Session)
        /// A token of this family that was already used: revoke the session.
        case revokeReused
        /// Unknown, revoked or expired: change nothing.
        case refuse
    }

    /// SHA-256 of the presented token's family half.
    public let familyDigest: String
    /// SHA-256 of the presented token's secret half.
    public let presentedDigest: String
    /// The digests of the access token and refresh secret issued if the refresh succeeds.
    public let newAccessDigest: String
    public let newRefreshDigest: String
    public let now: Date
    public let policy: SessionPolicy

    public init(familyDigest: String, presentedDigest: String, newAccessDigest: String, newRefreshDigest: String, now: Date, policy: SessionPolicy) {
        self.familyDigest = familyDigest
        self.presentedDigest = presentedDigest
        self.newAccessDigest = newAccessDigest
        self.newRefreshDigest = newRefreshDigest
        self.now = now
        self.policy = policy
    }

    /// The current token rotates. The token it replaced rotates again within the grace window,
    /// while its replacement is still unused (the client lost the answer): the replacement pair
    /// is retired, so the family still has one valid refresh token. Any other token of the family
    /// is a reuse: one of two parties holding it is not the client, and which one cannot be
    /// told, so the session ends for both.
    public func decision(for session: Session?) -> Decision {
        guard let session, let refresh = session.refresh, let endsAt = session.endsAt, session.isRefreshable(at: now) else { return .refuse }
        let previous: String?
        if presentedDigest == refresh.currentDigest {
            previous = refresh.currentDigest
        } else if presentedDigest == refresh.previousDigest, let rotatedAt = refresh.rotatedAt, now < rotatedAt.addingTimeInterval(policy.refreshReuseGrace) {
            previous = refresh.previousDigest
        } else {
            return .revokeReused
        }
        var next = session
        next.tokenDigest = newAccessDigest
        next.lastUsedAt = now
        next.expiresAt = policy.sessionEnd(lastUsedAt: now, endsAt: endsAt)
        next.accessExpiresAt = min(now.addingTimeInterval(policy.accessTokenLifetime), next.expiresAt)
        next.refresh = SessionRefreshState(
            familyDigest: refresh.familyDigest, currentDigest: newRefreshDigest, previousDigest: previous,
            rotatedAt: presentedDigest == refresh.currentDigest ? now : refresh.rotatedAt)
        return .rotate(next)
    }
}

/// What a refresh did.
public enum SessionRotationResult: Equatable, Sendable {
    /// The session as stored now, and the digest of the access token it replaced.
    case rotated(Session, replacedTokenDigest: String)
    /// A used token: the session (whose access token had this digest) is revoked.
    case reused(revokedTokenDigest: String)
    /// Unknown, revoked or expired: nothing changed.
    case refused
}
