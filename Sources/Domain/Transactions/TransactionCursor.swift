/// A position in an account's transactions ordered by date, then insertion: the last one a page
/// ended with (the list's pages go newest first, the report's oldest first).
public struct TransactionCursor: Equatable, Sendable {
    public var date: CalendarDate
    public var sequence: Int64

    public init(date: CalendarDate, sequence: Int64) {
        self.date = date
        self.sequence = sequence
    }
}
