/// What registering can lead to.
public protocol UserRegisterUseCaseOutput: StorageFailureOutput {
    func presentRegistered(_ user: UserPresentationModel, session: SessionPresentationModel)
    func presentValidationFailures(_ failures: [UserFieldFailure])
    /// The one place an email's existence is told: registration must say why it failed.
    func presentEmailTaken()
}

/// A registration rule broken by one field.
public struct UserFieldFailure: Equatable, Sendable {
    public enum Field: String, Sendable { case name, email, password }
    public enum Rule: String, Sendable { case required, invalidEmail, weakPassword }

    public let field: Field
    public let rule: Rule

    public init(field: Field, rule: Rule) {
        self.field = field
        self.rule = rule
    }
}
