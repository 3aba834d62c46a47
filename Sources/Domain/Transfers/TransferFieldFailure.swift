/// A rule a transfer's (or a draft step's) fields broke, for one field.
public struct TransferFieldFailure: Equatable, Sendable {
    /// The field that broke it, named as in the request body (`recipient`: either recipient field).
    public enum Field: String, Sendable, CaseIterable { case fromAccountId, recipient, amount, memo }

    /// The rule it broke; the Presenter turns it into the field's message.
    public enum Rule: String, Sendable {
        case required
        /// Zero or negative.
        case notPositive
        /// Both `toAccountId` and `toContactId`.
        case conflictingRecipients
        /// Longer than `TransferPolicy.maximumMemoLength`.
        case tooLong
        /// More decimals than the source account's currency has (`1.001` for CAD).
        case tooManyDecimals
        /// More than 64-bit minor units of the currency can hold.
        case tooLarge
    }

    public let field: Field
    public let rule: Rule

    public init(field: Field, rule: Rule) {
        self.field = field
        self.rule = rule
    }
}
