/// A rule broken by one field of registration, verification or a password reset.
public struct UserFieldFailure: Equatable, Sendable {
    public enum Field: String, Sendable { case name, email, password, code, newPassword }
    public enum Rule: String, Sendable { case required, invalidEmail, weakPassword }

    public let field: Field
    public let rule: Rule

    public init(field: Field, rule: Rule) {
        self.field = field
        self.rule = rule
    }
}
