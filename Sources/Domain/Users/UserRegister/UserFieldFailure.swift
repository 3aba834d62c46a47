/// A rule broken by one field of registration, verification or a password reset.
public struct UserFieldFailure: Equatable, Sendable {
    public enum Field: String, Sendable { case name, email, password, code, newPassword }
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
