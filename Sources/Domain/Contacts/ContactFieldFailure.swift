/// A business rule a contact's fields broke, for one field.
public struct ContactFieldFailure: Equatable, Sendable {
    /// The contact fields rules speak about.
    public enum Field: String, Sendable, CaseIterable {
        case firstName, lastName, email, phone, birthday
        case street, street2, city, province, postalCode, country
    }

    /// The rules.
    public enum Rule: String, Sendable {
        /// `firstName` or `lastName` must be given: reported on both.
        case nameRequired
        case invalidEmail
        /// A name or the email with a code point that hides or reorders text (`VisibleText`).
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
