import Domain
import Foundation
import Testing

/// An UserManager whose every method records an issue and answers an empty value: a test double
/// conforms to it and writes only the methods its test uses, so a method the Manager gains later
/// changes no double (they inherit this one), and a call the test did not expect fails it.
public protocol UnimplementedUserManager: UserManager {}

extension UnimplementedUserManager {
    public func register(_ user: User, firstSession: Session, firstAccount: Account) throws -> RegistrationResult {
        Issue.record("storage reached: register")
        return .registered
    }
    public func fetch(id: UserID) throws -> User? {
        Issue.record("storage reached: user fetch")
        return nil
    }
    public func fetch(email: String) throws -> User? {
        Issue.record("storage reached: user fetch")
        return nil
    }
    public func updatePasswordHash(of id: UserID, from old: String, to new: String) throws -> Bool {
        Issue.record("storage reached: password hash update")
        return false
    }
    public func changePassword(
        of id: UserID, from old: String, to new: String, revokingSessionsAt date: Date, keeping tokenDigest: String, telling notice: Notice
    ) throws -> [String]? {
        Issue.record("storage reached: password change")
        return nil
    }
}

/// Fails the test when any user storage call happens.
public struct UntouchableUserManager: UnimplementedUserManager {
    public init() {}
}
