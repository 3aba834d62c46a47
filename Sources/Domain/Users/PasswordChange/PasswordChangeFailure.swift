/// A password change rule broken by one field.
public struct PasswordChangeFailure: Equatable, Sendable {
    /// The field that broke it, named as in the request body.
    public enum Field: String, Sendable { case currentPassword, newPassword }
    /// The rule it broke; the Presenter turns it into the field's message.
    public enum Rule: String, Sendable { case required, weakPassword, wrongPassword }

    public let field: Field
    public let rule: Rule

    public init(field: Field, rule: Rule) {
        self.field = field
        self.rule = rule
    }
}
