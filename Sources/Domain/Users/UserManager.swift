/// The users; emails are unique.
public protocol UserManager: Sendable {
    /// Stores the user and their first session together, or neither.
    func register(_ user: User, firstSession: Session) throws -> RegistrationResult

    func fetch(id: UserID) throws -> User?

    /// By normalized email.
    func fetch(email: String) throws -> User?
}
