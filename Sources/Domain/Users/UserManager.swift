/// The users; emails are unique.
public protocol UserManager: Sendable {
    /// Stores the user, their first session and their first account together, or none of them.
    func register(_ user: User, firstSession: Session, firstAccount: Account) throws -> RegistrationResult

    func fetch(id: UserID) throws -> User?

    /// By normalized email.
    func fetch(email: String) throws -> User?
}
