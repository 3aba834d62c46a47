import Domain
import DomainTestSupport
import Foundation
import Synchronization

/// Claims, codes and notices in memory, with the SQL managers' rules: a claimer holds nothing
/// until it verifies; a try is spent before the comparison; a verified holder wins the address.
extension InMemoryAccounts: UnimplementedIdentityManager {
    func registerClaim(_ user: User, firstAccount: Account, code: OneTimeCode, notice: Notice) throws {
        users.withLock { $0[user.id] = user }
        claims.withLock { _ = $0.insert(user.id) }
        try accountStore.insert(firstAccount)
        try issueCode(code, notice: notice)
    }

    func claimCount(email: String) throws -> Int {
        let claimers = claims.withLock { $0 }
        return users.withLock { $0.values.filter { $0.email == email && claimers.contains($0.id) }.count }
    }

    func issueCode(_ code: OneTimeCode, notice: Notice) throws {
        codes.withLock { $0["\(code.userID.rawValue) \(code.purpose.rawValue)"] = code }
        try append(notice)
    }

    func append(_ notice: Notice) throws { notices.withLock { $0.append(notice) } }

    func verifyEmail(of user: UserID, digest: String, at date: Date, notice: Notice) throws -> CodeCheck {
        let spent = spend(.verifyEmail, of: user, digest: digest, at: date)
        guard case .accepted = spent, var stored = try fetch(id: user) else { return spent }
        if let holder = try fetch(email: stored.email), holder.id != user, holder.isEmailVerified { return .emailTaken }
        stored.emailVerifiedAt = date
        users.withLock { $0[user] = stored }
        claims.withLock { _ = $0.remove(user) }
        try append(notice)
        return .accepted(stored)
    }

    func resetPassword(of user: UserID, digest: String, newPasswordHash: String, at date: Date, notice: Notice) throws -> CodeCheck {
        let spent = spend(.resetPassword, of: user, digest: digest, at: date)
        guard case .accepted = spent, var stored = try fetch(id: user) else { return spent }
        stored.passwordHash = newPasswordHash
        stored.emailVerifiedAt = stored.emailVerifiedAt ?? date
        users.withLock { $0[user] = stored }
        _ = try revokeAll(userID: user, at: date, keeping: nil)
        try append(notice)
        return .accepted(stored)
    }

    func hasLiveCode(of user: UserID, purpose: OneTimeCodePurpose, at date: Date) throws -> Bool {
        codes.withLock { $0["\(user.rawValue) \(purpose.rawValue)"].map { $0.attemptsLeft > 0 && $0.expiresAt > date } ?? false }
    }

    func purgeUnverified(createdBefore date: Date, limit: Int) throws -> Int { 0 }
    func purgeCodes(expiredAt date: Date, limit: Int) throws -> Int { 0 }

    private func spend(_ purpose: OneTimeCodePurpose, of user: UserID, digest: String, at date: Date) -> CodeCheck {
        codes.withLock { table in
            let key = "\(user.rawValue) \(purpose.rawValue)"
            guard var code = table[key], code.attemptsLeft > 0, code.expiresAt > date else { return .noLiveCode }
            code.attemptsLeft -= 1
            guard ConstantTime.equal(code.digest, digest) else {
                table[key] = code
                return .mismatched(attemptsLeft: code.attemptsLeft)
            }
            table[key] = nil
            return .accepted(User(id: user, name: "", email: "", passwordHash: "", createdAt: date))
        }
    }
}

/// Codes `000001`, `000002`, … with digest `purpose:user:code`; accepts any six digits.
final class CountingCodes: OneTimeCodeIssuer {
    private let next = Mutex(0)
    func issue(for user: UserID, purpose: OneTimeCodePurpose) -> IssuedCode {
        let number = next.withLock { value in
            value += 1
            return value
        }
        let code = String(String(number).reversed()).padding(toLength: 6, withPad: "0", startingAt: 0)
        let ordered = String(code.reversed())
        return IssuedCode(code: ordered, digest: "\(purpose.rawValue):\(user.rawValue):\(ordered)")
    }
    func digest(of code: String, for user: UserID, purpose: OneTimeCodePurpose) -> String? {
        code.count == 6 && code.allSatisfy(\.isNumber) ? "\(purpose.rawValue):\(user.rawValue):\(code)" : nil
    }
}
