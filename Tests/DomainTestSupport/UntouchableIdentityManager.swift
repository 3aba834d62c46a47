import Domain
import Foundation
import Testing

/// An IdentityManager whose every method records an issue and answers an empty value: a test double
/// conforms to it and writes only the methods its test uses, so a method the Manager gains later
/// changes no double (they inherit this one), and a call the test did not expect fails it.
public protocol UnimplementedIdentityManager: IdentityManager {}

extension UnimplementedIdentityManager {
    private func reached(_ call: String) { Issue.record("storage reached: identity \(call)") }

    public func registerClaim(_ user: User, firstAccount: Account, code: OneTimeCode, notice: Notice) throws { reached("registerClaim") }
    public func claimCount(email: String) throws -> Int {
        reached("claimCount")
        return 0
    }
    public func issueCode(_ code: OneTimeCode, notice: Notice) throws { reached("issueCode") }
    public func append(_ notice: Notice) throws { reached("append") }
    public func verifyEmail(of user: UserID, digest: String, at date: Date, notice: Notice) throws -> CodeCheck {
        reached("verifyEmail")
        return .noLiveCode
    }
    public func resetPassword(of user: UserID, digest: String, newPasswordHash: String, at date: Date, notice: Notice) throws -> CodeCheck {
        reached("resetPassword")
        return .noLiveCode
    }
    public func hasLiveCode(of user: UserID, purpose: OneTimeCodePurpose, at date: Date) throws -> Bool {
        reached("hasLiveCode")
        return false
    }
    public func purgeUnverified(createdBefore date: Date, limit: Int) throws -> Int {
        reached("purgeUnverified")
        return 0
    }
    public func purgeCodes(expiredAt date: Date, limit: Int) throws -> Int {
        reached("purgeCodes")
        return 0
    }
}

/// Fails the test when any identity storage call happens.
public struct UntouchableIdentityManager: UnimplementedIdentityManager {
    public init() {}
}
