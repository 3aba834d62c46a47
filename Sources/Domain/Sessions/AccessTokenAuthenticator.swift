import Foundation
import Synchronization

/// Resolves a bearer token into the user it belongs to.
///
/// Verified tokens are remembered for at most `cacheLifetime` (1 s), so a revocation made by
/// another process still takes effect within that; one made here (`forget`) at once.
///
/// A login's session records its last use here, at most once per `SessionPolicy.touchInterval`
/// and only when a token is looked up (not on a cache hit): an authenticated request writes
/// nothing unless its session's last use is older than that, so the fastest routes stay reads.
public final class AccessTokenAuthenticator: Sendable {
    /// The verdict on a presented token.
    public enum Outcome: Equatable, Sendable {
        case authenticated(UserID, tokenDigest: String)
        /// Malformed, unknown, expired or revoked: the client cannot tell which.
        case rejected
        case storageUnavailable
    }

    private struct Entry {
        let user: UserID
        let validUntil: Date
    }

    private let sessions: any SessionManager
    private let tokens: any TokenIssuer
    private let clock: any Clock
    private let cacheLifetime: TimeInterval
    private let policy: SessionPolicy
    private let cache = Mutex<Cache>(Cache())

    private struct Cache {
        var entries: [String: Entry] = [:]
        /// Digests logged out here, kept past the cache lifetime so that a lookup that started
        /// before the logout cannot put the token back.
        var forgotten: [String: Date] = [:]
    }

    public init(sessions: any SessionManager, tokens: any TokenIssuer, clock: any Clock, cacheLifetime: TimeInterval = 1, policy: SessionPolicy = SessionPolicy()) {
        self.sessions = sessions
        self.policy = policy
        self.tokens = tokens
        self.clock = clock
        self.cacheLifetime = cacheLifetime
    }

    public func authenticate(token: String) -> Outcome {
        guard let digest = tokens.digest(of: token) else { return .rejected }
        let now = clock.now()
        if let entry = cache.withLock({ $0.entries[digest] }), now < entry.validUntil {
            return .authenticated(entry.user, tokenDigest: digest)
        }
        do {
            guard let session = try sessions.fetch(tokenDigest: digest), session.isActive(at: now) else {
                cache.withLock { _ = $0.entries.removeValue(forKey: digest) }
                return .rejected
            }
            touchIfStale(session, now: now)
            let validUntil = min(session.accessEnd, now.addingTimeInterval(cacheLifetime))
            let forgotten = cache.withLock { cache -> Bool in
                if let until = cache.forgotten[digest], now < until { return true }
                if cache.entries.count > 100_000 { cache.entries.removeAll() }
                cache.entries[digest] = Entry(user: session.userID, validUntil: validUntil)
                return false
            }
            return forgotten ? .rejected : .authenticated(session.userID, tokenDigest: digest)
        } catch {
            return .storageUnavailable
        }
    }

    /// Records the use of a login's session when the recorded one is older than the interval.
    /// Best effort: a failed write leaves the last use older, which only ends the session sooner.
    private func touchIfStale(_ session: Session, now: Date) {
        guard let lastUsedAt = session.lastUsedAt, let endsAt = session.endsAt else { return }
        let unusedSince = now.addingTimeInterval(-policy.touchInterval)
        guard lastUsedAt <= unusedSince else { return }
        _ = try? sessions.touch(
            tokenDigest: session.tokenDigest, at: now, expiresAt: policy.sessionEnd(lastUsedAt: now, endsAt: endsAt), unusedSince: unusedSince)
    }

    /// Drops tokens from the cache (after they were revoked here).
    public func forget(tokenDigests: some Sequence<String>) {
        for digest in tokenDigests { forget(tokenDigest: digest) }
    }

    /// Drops a token from the cache (after a logout here).
    public func forget(tokenDigest: String) {
        let until = clock.now().addingTimeInterval(cacheLifetime + 60)
        cache.withLock { cache in
            cache.entries.removeValue(forKey: tokenDigest)
            if cache.forgotten.count > 10_000 {
                let now = clock.now()
                cache.forgotten = cache.forgotten.filter { now < $0.value }
            }
            cache.forgotten[tokenDigest] = until
        }
    }
}
