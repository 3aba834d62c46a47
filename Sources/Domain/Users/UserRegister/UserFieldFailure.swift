/// A rule broken by one field of registration, verification or a password reset.
public struct UserFieldFailure: Equatable, Sendable {
    /// The field that broke it, named as in the request body.
    public enum Field: String, Sendable { case name, email, password, code, newPassword }
    /// The rule it broke; the Presenter turns it into the field's message.
    public enum Rule: String, Sendable {
        case required, invalidEmail, weakPassword
        /// A name or an email with a code point that hides or reorders text (`VisibleText`).
        case invisibleCharacters
        /// An email whose domain is not ASCII (`EmailRule`).
        case nonASCIIDomain
    }

    public let field: Field
    public let rule: Rule

    public init(field: Field, rule: Rule) {
        self.field = field
        self.rule = rule
    }
}
