/// The users; emails are unique.
public protocol UserManager: Sendable {
    /// Stores the user, their first session and their first account together, or none of them.
    func register(_ user: User, firstSession: Session, firstAccount: Account) throws -> RegistrationResult

    /// The user, or nil when there is none with this id.
    func fetch(id: UserID) throws -> User?

    /// By normalized email.
    func fetch(email: String) throws -> User?

    /// Replaces the user's password hash with `new` if it is still `old` (a stronger hash of the
    /// same password, after a login); false when the user is gone or the hash changed meanwhile.
    @discardableResult
    func updatePasswordHash(of id: UserID, from old: String, to new: String) throws -> Bool
}
