/// What is wrong with one row of a feed, for one field.
public struct TransactionFeedFailure: Equatable, Sendable {
    /// The feed's fields as the processor names them; `row` is the row itself.
    public enum Field: String, Sendable, CaseIterable {
        case row, group, date, description, amount, debit
    }

    /// The rule the field broke; the Presenter turns it into the row's message.
    public enum Rule: Equatable, Sendable {
        /// Absent, null or empty.
        case missing
        /// Of the wrong JSON type or not in the field's format (`group` not "A"/"P", a date that
        /// is neither `YYYY-MM-DD` nor RFC 3339, an amount that is not a plain decimal string,
        /// a row that is not an object).
        case format
        /// An amount with more decimals than the account's currency has.
        case tooManyDecimals(allowed: Int)
        /// An amount past 64-bit minor units, or a description longer than
        /// `TransactionFeed.maximumDescriptionLength`.
        case tooLong
    }

    /// The row's position in the feed's array, counted from 0.
    public let index: Int
    public let field: Field
    public let rule: Rule

    public init(index: Int, field: Field, rule: Rule) {
        self.index = index
        self.field = field
        self.rule = rule
    }
}
