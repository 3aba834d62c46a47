/// A password change rule broken by one field.
public struct PasswordChangeFailure: Equatable, Sendable {
    public enum Field: String, Sendable { case currentPassword, newPassword }
    public enum Rule: String, Sendable { case required, weakPassword, wrongPassword }

    public let field: Field
    public let rule: Rule

    public init(field: Field, rule: Rule) {
        self.field = field
        self.rule = rule
    }
}
