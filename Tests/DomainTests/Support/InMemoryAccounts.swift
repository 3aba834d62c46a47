import Domain
import DomainTestSupport
import Foundation
import Synchronization

/// Users and sessions in memory, with the SQLite managers' rules (unique email, atomic register);
/// a registration's first account goes to `accountStore`. Claims, codes and notices are in
/// `InMemoryAccounts+Identity.swift`.
final class InMemoryAccounts: UnimplementedUserManager, UnimplementedSessionManager {
    let users = Mutex<[UserID: User]>([:])
    let sessions = Mutex<[String: Session]>([:])
    let accountStore = InMemoryAccountManager()
    /// Users who claim their address without holding it.
    let claims = Mutex<Set<UserID>>([])
    /// Live codes by "user purpose".
    let codes = Mutex<[String: OneTimeCode]>([:])
    /// Every notice appended, in order.
    let notices = Mutex<[Notice]>([])

    var allSessions: [Session] { sessions.withLock { Array($0.values) } }
    var allUsers: [User] { users.withLock { Array($0.values) } }

    func register(_ user: User, firstSession: Session, firstAccount: Account) throws -> RegistrationResult {
        let registered = users.withLock { table -> Bool in
            guard !table.values.contains(where: { $0.email == user.email && !claims.withLock { $0.contains(user.id) } }) else { return false }
            table[user.id] = user
            return true
        }
        guard registered else { return .emailTaken }
        try insert(firstSession)
        try accountStore.insert(firstAccount)
        return .registered
    }

    func fetch(id: UserID) throws -> User? { users.withLock { $0[id] } }
    func fetch(email: String) throws -> User? {
        let claimers = claims.withLock { $0 }
        return users.withLock { $0.values.first { $0.email == email && !claimers.contains($0.id) } }
    }

    func signInCandidates(email: String, limit: Int) throws -> [User] {
        let claimers = claims.withLock { $0 }
        let matching = users.withLock { $0.values.filter { $0.email == email } }
        let holders = matching.filter { !claimers.contains($0.id) }
        let claiming = matching.filter { claimers.contains($0.id) }.sorted { ($0.createdAt, $0.id.rawValue) < ($1.createdAt, $1.id.rawValue) }
        return Array((holders + claiming).prefix(limit))
    }

    func updatePasswordHash(of id: UserID, from old: String, to new: String) throws -> Bool {
        users.withLock { table in
            guard var user = table[id], user.passwordHash == old else { return false }
            user.passwordHash = new
            table[id] = user
            return true
        }
    }

    func insert(_ session: Session) throws { sessions.withLock { $0[session.tokenDigest] = session } }
    func fetch(tokenDigest: String) throws -> Session? { sessions.withLock { $0[tokenDigest] } }

    func revoke(tokenDigest: String, at date: Date) throws -> Bool {
        sessions.withLock { table in
            guard var session = table[tokenDigest], session.revokedAt == nil else { return false }
            session.revokedAt = date
            table[tokenDigest] = session
            return true
        }
    }

    func purge(expiredAt date: Date, limit: Int) throws -> Int {
        sessions.withLock { table in
            let expired = table.values.filter { $0.expiresAt <= date }.prefix(limit).map(\.tokenDigest)
            for digest in expired { table[digest] = nil }
            return expired.count
        }
    }

    func revokeAll(userID: UserID, at date: Date, keeping: String?) throws -> [String] {
        sessions.withLock { table in Self.revokeAll(in: &table, userID: userID, at: date, keeping: keeping) }
    }

    private static func revokeAll(in table: inout [String: Session], userID: UserID, at date: Date, keeping: String?) -> [String] {
        var revoked: [String] = []
        for (digest, var session) in table where session.userID == userID && session.revokedAt == nil && date < session.expiresAt && digest != keeping {
            session.revokedAt = date
            table[digest] = session
            revoked.append(digest)
        }
        return revoked
    }

    func changePassword(
        of id: UserID, from old: String, to new: String, revokingSessionsAt date: Date, keeping tokenDigest: String, telling notice: Notice
    ) throws -> [String]? {
        // Both locks, users first, as one step: no session is revoked for a change that failed.
        users.withLock { table -> [String]? in
            guard var user = table[id], user.passwordHash == old else { return nil }
            user.passwordHash = new
            table[id] = user
            notices.withLock { $0.append(notice) }
            return sessions.withLock { Self.revokeAll(in: &$0, userID: id, at: date, keeping: tokenDigest) }
        }
    }

    func rotate(_ rotation: SessionRotation) throws -> SessionRotationResult {
        sessions.withLock { table in
            let session = table.values.first { $0.refresh?.familyDigest == rotation.familyDigest }
            switch rotation.decision(for: session) {
            case .refuse:
                return .refused
            case .revokeReused:
                guard var session else { return .refused }
                session.revokedAt = rotation.now
                table[session.tokenDigest] = session
                return .reused(revokedTokenDigest: session.tokenDigest)
            case .rotate(let next):
                guard let session else { return .refused }
                table[session.tokenDigest] = nil
                table[next.tokenDigest] = next
                return .rotated(next, replacedTokenDigest: session.tokenDigest)
            }
        }
    }

    func touch(tokenDigest: String, at date: Date, expiresAt: Date, unusedSince: Date) throws -> Bool {
        sessions.withLock { table in
            guard var session = table[tokenDigest], session.revokedAt == nil, let last = session.lastUsedAt, last <= unusedSince else { return false }
            session.lastUsedAt = date
            session.expiresAt = expiresAt
            table[tokenDigest] = session
            return true
        }
    }

    func list(userID: UserID, activeAt date: Date, limit: Int) throws -> [Session] {
        sessions.withLock { table in
            Array(table.values.filter { $0.userID == userID && $0.revokedAt == nil && date < $0.expiresAt }
                .sorted { ($0.lastUsedAt ?? $0.createdAt, $1.tokenDigest) > ($1.lastUsedAt ?? $1.createdAt, $0.tokenDigest) }.prefix(limit))
        }
    }
}

/// A hasher that is not slow: `hash:<password>` (`old:<password>` reads as made with weaker
/// parameters); counts dummy verifications; `busy` makes every call throw `PasswordHashingBusy`;
/// `seconds` makes each call take that long, as a real KDF does, so parallel calls overlap.
final class PlainHasher: PasswordHasher {
    let dummies = Mutex(0)
    let busy = Mutex(false)
    let seconds: TimeInterval

    init(seconds: TimeInterval = 0) {
        self.seconds = seconds
    }

    func hash(_ password: String) throws -> String {
        try work()
        return "hash:" + password
    }
    func verify(_ password: String, against encoded: String) throws -> Bool {
        try work()
        return encoded == "hash:" + password || encoded == "old:" + password
    }
    func verifyDummy(_ password: String) throws {
        try work()
        dummies.withLock { $0 += 1 }
    }
    func needsRehash(_ encoded: String) -> Bool { encoded.hasPrefix("old:") }
    private func work() throws {
        if busy.withLock({ $0 }) { throw PasswordHashingBusy(retryAfter: 2) }
        if seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
    }
}

/// Tokens `t1`, `t2`, … with digests `d:t1`, …; accepts any token starting with `t`.
final class CountingTokens: TokenIssuer {
    private let next = Mutex(0)
    func issue() -> IssuedToken {
        let token = "t\(next.withLock { value in value += 1; return value })"
        return IssuedToken(token: token, digest: "d:" + token)
    }
    func digest(of token: String) -> String? { token.hasPrefix("t") ? "d:" + token : nil }
}

/// A clock tests can move.
final class MovableClock: Clock {
    private let instant = Mutex(Date(timeIntervalSince1970: 1_795_000_000))
    func now() -> Date { instant.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { instant.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// Records the account use cases' events in order.
final class AccountOutputSpy: UserRegisterUseCaseOutput, SessionCreateUseCaseOutput, SessionDeleteUseCaseOutput, MeShowUseCaseOutput {
    enum Event: Equatable {
        case accepted(String)
        case validation([UserFieldFailure])
        case sessionCreated(SessionPresentationModel)
        case invalidCredentials
        case rateLimited(Int)
        case serverBusy(Int)
        case loggedOut
        case user(UserPresentationModel)
        case unknownUser
        case storageUnavailable
        case storageFailure
    }

    private(set) var events: [Event] = []

    func presentAccepted(email: String) { events.append(.accepted(email)) }
    func presentValidationFailures(_ failures: [UserFieldFailure]) { events.append(.validation(failures)) }
    func presentCreated(_ session: SessionPresentationModel) { events.append(.sessionCreated(session)) }
    func presentInvalidCredentials() { events.append(.invalidCredentials) }
    func presentRateLimited(retryAfter: Int) { events.append(.rateLimited(retryAfter)) }
    func presentServerBusy(retryAfter: Int) { events.append(.serverBusy(retryAfter)) }
    func presentLoggedOut() { events.append(.loggedOut) }
    func presentUser(_ user: UserPresentationModel) { events.append(.user(user)) }
    func presentUnknownUser() { events.append(.unknownUser) }
    func presentStorageUnavailable() { events.append(.storageUnavailable) }
    func presentStorageFailure() { events.append(.storageFailure) }
}
