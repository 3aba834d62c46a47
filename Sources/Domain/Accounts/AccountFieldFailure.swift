/// A rule a new account's fields broke, for one field.
public struct AccountFieldFailure: Equatable, Sendable {
    /// The field that broke it, named as in the request body.
    public enum Field: String, Sendable, CaseIterable { case name, currency }

    /// The rule it broke; the Presenter turns it into the field's message.
    public enum Rule: String, Sendable {
        case required
        /// Longer than `AccountPolicy.maximumNameLength`.
        case tooLong
        /// Not an ISO 4217 code of `Currency.known`.
        case unknownCurrency
        /// A name with a code point that hides or reorders text (`VisibleText`): transfer
        /// descriptions carry it.
        case invisibleCharacters
    }

    public let field: Field
    public let rule: Rule

    public init(field: Field, rule: Rule) {
        self.field = field
        self.rule = rule
    }
}
