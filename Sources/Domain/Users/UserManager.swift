import Foundation

/// The users; emails are unique.
public protocol UserManager: Sendable {
    /// Stores the user, their first session and their first account together, or none of them.
    func register(_ user: User, firstSession: Session, firstAccount: Account) throws -> RegistrationResult

    /// The user, or nil when there is none with this id.
    func fetch(id: UserID) throws -> User?

    /// The user who holds the normalized email (verified, or registered before verification
    /// existed); never a mere claimer.
    func fetch(email: String) throws -> User?

    /// The users a sign-in with this normalized email may be: the holder, then the accounts
    /// that claim it without holding it, oldest first; at most `limit`.
    func signInCandidates(email: String, limit: Int) throws -> [User]

    /// Replaces the user's password hash with `new` if it is still `old` (a stronger hash of the
    /// same password, after a login); false when the user is gone or the hash changed meanwhile.
    @discardableResult
    func updatePasswordHash(of id: UserID, from old: String, to new: String) throws -> Bool

    /// Replaces the user's password hash with `new` if it is still `old`, and in the same write
    /// revokes every active session of the user but the one whose access token has digest
    /// `keeping`: a changed password and sessions opened with the old one never coexist. Returns
    /// the revoked sessions' access token digests; nil (nothing changed) when the user is gone
    /// or the hash changed meanwhile. `notice` (the event, and the owner's mail) is appended in
    /// the same write, and only when the password changed.
    func changePassword(
        of id: UserID, from old: String, to new: String, revokingSessionsAt date: Date, keeping tokenDigest: String, telling notice: Notice
    ) throws -> [String]?
}

extension UserManager {
    /// Only the holder: stores with no claims (the doubles of tests).
    public func signInCandidates(email: String, limit: Int) throws -> [User] {
        try fetch(email: email).map { [$0] } ?? []
    }
}
