/// A rule a new account's fields broke, for one field.
public struct AccountFieldFailure: Equatable, Sendable {
    public enum Field: String, Sendable, CaseIterable { case name, currency }

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
