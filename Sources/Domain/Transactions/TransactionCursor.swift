/// Where a position in an account's newest-first transactions is: the last one a page ended with.
public struct TransactionCursor: Equatable, Sendable {
    public var date: CalendarDate
    public var sequence: Int64

    public init(date: CalendarDate, sequence: Int64) {
        self.date = date
        self.sequence = sequence
    }
}
