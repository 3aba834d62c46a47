/// Which of an account's transactions a list shows; nil parts do not filter.
public struct TransactionFilter: Equatable, Sendable {
    public var group: TransactionGroup?
    /// First day included.
    public var from: CalendarDate?
    /// Last day included.
    public var to: CalendarDate?

    public init(group: TransactionGroup? = nil, from: CalendarDate? = nil, to: CalendarDate? = nil) {
        self.group = group
        self.from = from
        self.to = to
    }
}
